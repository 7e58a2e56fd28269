import { formatDateTime } from './format-time';

describe('formatDateTime', () => {
  it('formats a timestamp the UK way', () => {
    expect(formatDateTime('2026-11-21T14:05:00Z', 'UTC')).toBe('21 November 2026 at 14:05');
    expect(formatDateTime('2026-07-01T09:30:00Z', 'Europe/London')).toBe('1 July 2026 at 10:30');
  });
  it('gives null for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});
