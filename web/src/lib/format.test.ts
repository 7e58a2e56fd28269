import {
  barPercent,
  formatCount,
  formatMemberSince,
  formatPounds,
  initialsOf,
  orNotAvailable,
} from './format';

describe('dashboard formatting', () => {
  it('formats Member Since as an en-GB date in the given zone, or Not available', () => {
    expect(formatMemberSince('2026-11-21T10:00:00Z', 'Europe/London')).toBe('21 November 2026');
    expect(formatMemberSince('2026-06-30T23:30:00Z', 'Europe/London')).toBe('1 July 2026');
    expect(formatMemberSince('', 'UTC')).toBe('Not available');
    expect(formatMemberSince(null)).toBe('Not available');
    expect(formatMemberSince('not a date')).toBe('Not available');
  });

  it('falls back to Not available for missing or blank text', () => {
    expect(orNotAvailable(' 5100112 ')).toBe('5100112');
    expect(orNotAvailable('   ')).toBe('Not available');
    expect(orNotAvailable(null)).toBe('Not available');
    expect(orNotAvailable(undefined)).toBe('Not available');
  });

  it('formats pounds and counts the British way', () => {
    expect(formatPounds(12480)).toBe('£12,480');
    expect(formatPounds(0)).toBe('£0');
    expect(formatCount(2847)).toBe('2,847');
  });

  it('takes up to two initials, skipping small words and symbols', () => {
    expect(initialsOf('Brambleford Community Larder')).toBe('BC');
    expect(initialsOf('The Friends of Hollowmere Park')).toBe('FH');
    expect(initialsOf('  (St) Anne’s ')).toBe('SA');
    expect(initialsOf('')).toBe('?');
  });

  it('scales bars to the largest value, keeping small ones visible', () => {
    expect(barPercent(50, 100)).toBe(50);
    expect(barPercent(1, 1000)).toBe(4);
    expect(barPercent(0, 100)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });
});
