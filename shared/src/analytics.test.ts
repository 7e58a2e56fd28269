import { formatTenths, monthLong, monthShort } from './analytics';

describe('analytics formatting', () => {
  it('reads a rate in tenths with one decimal', () => {
    expect(formatTenths(25)).toBe('2.5');
    expect(formatTenths(0)).toBe('0.0');
    expect(formatTenths(7)).toBe('0.7');
    expect(formatTenths(1000)).toBe('100.0');
  });

  it('names a chart month short and long', () => {
    expect(monthShort('2025-03')).toBe('Mar');
    expect(monthLong('2025-03')).toBe('March 2025');
    expect(monthLong('2024-12')).toBe('December 2024');
  });
});
