import type { AnalyticsMonth, AnalyticsRange } from '@shared/api/schemas/analytics';
import type { DayFigures } from '../../data/analytics';

/** Months a range shows: 6, or 12 (the last year), this UK month included. */
export const RANGE_MONTHS: Record<AnalyticsRange, number> = { '6m': 6, '12m': 12 };

/** The UK months of a range ending with `thisMonth` (`YYYY-MM`), oldest first. */
export function rangeMonths(range: AnalyticsRange, thisMonth: string): string[] {
  const [y, m] = thisMonth.split('-').map(Number) as [number, number];
  const count = RANGE_MONTHS[range];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The first and last day (`YYYY-MM-DD`) of a list of months, oldest first, for the range's one Query. */
export function dayRange(months: readonly string[]): { from: string; to: string } {
  return { from: `${months[0]}-01`, to: `${months[months.length - 1]}-31` };
}

/** The days' figures summed by month: every month of `months`, zeros where no day was stored. */
export function byMonth(days: readonly DayFigures[], months: readonly string[]): AnalyticsMonth[] {
  const sums = new Map(
    months.map((month) => [month, { month, profile_views: 0, donations_paid: 0, donated_pence: 0 }]),
  );
  for (const day of days) {
    const month = sums.get(day.day.slice(0, 7));
    if (!month) continue;
    month.profile_views += day.profile_views;
    month.donations_paid += day.donations_paid;
    month.donated_pence += day.donated_pence;
  }
  return [...sums.values()];
}

/** The sum of one counter over days. */
export const total = (days: readonly DayFigures[], counter: Exclude<keyof DayFigures, 'day'>): number =>
  days.reduce((sum, d) => sum + d[counter], 0);

/**
 * Donations per 100 profile views in tenths (25 reads 2.5), rounded half up, in integers only: round(d × 1000 / v)
 * = floor((2 × d × 1000 + v) / (2 × v)). Null without views (no rate to show).
 */
export function donationRateTenths(donations: number, views: number): number | null {
  if (views <= 0) return null;
  return Math.floor((2 * donations * 1000 + views) / (2 * views));
}
