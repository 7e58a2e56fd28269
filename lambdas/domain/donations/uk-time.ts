import { REFUND_WINDOW_DAYS, ukDay } from '@shared/donations';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant (UTC ISO) a UK calendar day `YYYY-MM-DD` begins: midnight in London, GMT or BST. */
export function ukDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // London is UTC or one hour ahead (BST); days never begin inside a clock change (01:00 UTC).
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(midnightUtc),
    ),
  );
  return new Date(midnightUtc - londonHour * HOUR_MS).toISOString();
}

/** A UK month `YYYY-MM` as instants: from its first UK midnight (inclusive) to the next month's (exclusive). */
export function ukMonthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: ukDayStart(`${month}-01`), to: ukDayStart(`${next}-01`) };
}

/**
 * Until when a donation paid at `paidAt` is kept (decision 19.5): six years after the end of the UK tax year
 * (6 April to 5 April) in which it was paid, as a UK date `YYYY-04-05`.
 */
export function retainUntil(paidAt: string): string {
  const day = ukDay(paidAt);
  const year = Number(day.slice(0, 4));
  const taxYearEnds = day.slice(5) <= '04-05' ? year : year + 1;
  return `${taxYearEnds + 6}-04-05`;
}

/** The last instant a donation paid at `paidAt` may be refunded by its charity (30 days on). */
export const refundDeadline = (paidAt: string): string =>
  new Date(new Date(paidAt).getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString();
