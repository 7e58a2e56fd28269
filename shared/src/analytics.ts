/**
 * The charity's analytics figures as people read them (issue 44): one copy for the dashboard and the lambdas.
 * The figures themselves are computed in `lambdas/domain/analytics`.
 */

/** A rate in tenths as people read it: "2.5" (one decimal). */
export const formatTenths = (tenths: number): string => `${Math.floor(tenths / 10)}.${tenths % 10}`;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A chart month (`YYYY-MM`) under its bar: "Mar". */
export function monthShort(month: string): string {
  return monthLong(month).slice(0, 3);
}

/** A chart month (`YYYY-MM`) in words: "March 2025". */
export function monthLong(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[index - 1] ?? month} ${year}`;
}
