import { formatTenths } from '@shared/analytics';
import type { DayFigures } from '../../data/analytics';
import { byMonth, dayRange, donationRateTenths, rangeMonths, total } from './figures';

const day = (d: string, figures: Partial<DayFigures> = {}): DayFigures => ({
  day: d,
  profile_views: 0,
  post_views: 0,
  mail_clicks: 0,
  follows: 0,
  unfollows: 0,
  donations_paid: 0,
  donated_pence: 0,
  ...figures,
});

describe('analytics figures', () => {
  it('lists the months of a range across a year end, oldest first', () => {
    expect(rangeMonths('6m', '2025-03')).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
    const year = rangeMonths('12m', '2025-12');
    expect(year).toHaveLength(12);
    expect([year[0], year[11]]).toEqual(['2025-01', '2025-12']);
    expect(dayRange(rangeMonths('6m', '2025-03'))).toEqual({ from: '2024-10-01', to: '2025-03-31' });
  });

  it('sums days by month with zeros for empty months, ignoring days outside the range', () => {
    const months = rangeMonths('6m', '2025-03');
    const days = [
      day('2024-09-30', { profile_views: 99 }),
      day('2024-10-01', { profile_views: 3, donations_paid: 1, donated_pence: 1000 }),
      day('2024-10-31', { profile_views: 2, donations_paid: 2, donated_pence: 2550 }),
      day('2025-03-15', { profile_views: 7 }),
    ];
    const out = byMonth(days, months);
    expect(out).toHaveLength(6);
    expect(out[0]).toEqual({ month: '2024-10', profile_views: 5, donations_paid: 3, donated_pence: 3550 });
    expect(out[1]).toEqual({ month: '2024-11', profile_views: 0, donations_paid: 0, donated_pence: 0 });
    expect(out[5]?.profile_views).toBe(7);
    expect(total(days, 'profile_views')).toBe(111);
  });

  it('gives donations per 100 views in tenths, rounded half up, null without views', () => {
    expect(donationRateTenths(1, 40)).toBe(25); // 2.5
    expect(donationRateTenths(1, 3)).toBe(333); // 33.33.. -> 33.3
    expect(donationRateTenths(2, 3)).toBe(667); // 66.66.. -> 66.7
    expect(donationRateTenths(1, 2000)).toBe(1); // 0.05 -> 0.1 (half up)
    expect(donationRateTenths(1, 2001)).toBe(0);
    expect(donationRateTenths(0, 10)).toBe(0);
    expect(donationRateTenths(3, 0)).toBeNull();
    expect(formatTenths(25)).toBe('2.5');
    expect(formatTenths(1000)).toBe('100.0');
  });
});
