import { formatUkTime, ukLocalToUtc, utcToUkLocal } from './posts';

describe('UK time for posts', () => {
  it('reads a UK wall-clock time as UTC in winter (GMT) and summer (BST)', () => {
    expect(ukLocalToUtc('2025-01-15T18:30')).toBe('2025-01-15T18:30:00.000Z');
    expect(ukLocalToUtc('2025-07-15T18:30')).toBe('2025-07-15T17:30:00.000Z');
  });

  it('moves the hour skipped in March forward and takes the first of the October hour twice', () => {
    expect(ukLocalToUtc('2025-03-30T01:30')).toBe('2025-03-30T01:30:00.000Z');
    expect(ukLocalToUtc('2025-10-26T01:30')).toBe('2025-10-26T00:30:00.000Z');
  });

  it('refuses what is not a time', () => {
    expect(ukLocalToUtc('2025-02-30T10:00')).toBeNull();
    expect(ukLocalToUtc('2025-01-15 18:30')).toBeNull();
    expect(ukLocalToUtc('2025-01-15T24:00')).toBeNull();
  });

  it('shows a UTC instant in UK time', () => {
    expect(utcToUkLocal('2025-07-15T17:30:00.000Z')).toBe('2025-07-15T18:30');
    expect(utcToUkLocal('2025-01-15T18:30:00.000Z')).toBe('2025-01-15T18:30');
    expect(formatUkTime('2025-07-15T17:30:00.000Z')).toBe('Tue, 15 Jul 2025, 18:30');
  });
});
