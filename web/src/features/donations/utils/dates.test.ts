import { addDays, dayLabel, defaultClaimPeriod, monthLabel, ukDayLabel } from './dates';

describe('dates on the donations page', () => {
  it('writes months and days in en-GB words, instants in UK time', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(dayLabel('2026-03-01')).toBe('1 Mar 2026');
    // 23:30 UTC on 31 March 2026 is already 1 April in London (summer time).
    expect(ukDayLabel('2026-03-31T23:30:00.000Z')).toBe('1 Apr 2026');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('suggests the last full month, from where the last claim ended', () => {
    expect(defaultClaimPeriod('2026-11-27', '2026-09-30', '2026-01')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    // A gap since the last claim is claimed too: nothing is left out.
    expect(defaultClaimPeriod('2026-11-27', '2026-06-30', '2026-01')).toEqual({
      from: '2026-07-01',
      to: '2026-10-31',
    });
  });

  it('before any claim, starts at the first month with donations (or last month)', () => {
    expect(defaultClaimPeriod('2026-01-15', null, '2025-10')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(defaultClaimPeriod('2026-01-15', null, '2026-01')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(defaultClaimPeriod('2026-01-15', null, null)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('suggests last month alone when the claims already reach past it', () => {
    expect(defaultClaimPeriod('2026-11-27', '2026-11-10', null)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});
