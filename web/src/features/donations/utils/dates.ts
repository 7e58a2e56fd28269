import { ukDay } from '@shared/donations';

/**
 * Dates as the treasurer reads them: every instant in UK time (the month filter, the totals and HMRC's
 * schedule all mean the UK calendar), days and months in en-GB words.
 */

const inUtc = (day: string) => new Date(`${day}T12:00:00Z`);

/** `2026-11` → "November 2026". */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    inUtc(`${month}-01`),
  );
}

/** `2026-11-03` → "3 Nov 2026". */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(inUtc(day));
}

/** An instant's UK day in words ("3 Nov 2026"). */
export const ukDayLabel = (iso: string): string => dayLabel(ukDay(iso));

/** An instant's UK time of day ("14:05"). */
export function ukTimeLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = inUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ClaimPeriod {
  from: string;
  to: string;
}

/**
 * The period a new Gift Aid claim suggests (UK days, inclusive): up to the end of the last full month, from
 * the day after the last claim ended (no gap, no overlap), or, before any claim, from the start of the
 * first month with donations (nothing left out). A month still running is left for the next claim, so each
 * claim matches whole bank statements. When claims already reach past last month, last month alone (the
 * server then says there is nothing to claim).
 */
export function defaultClaimPeriod(
  today: string,
  lastClaimTo: string | null,
  firstMonth: string | null,
): ClaimPeriod {
  const thisMonthStart = `${today.slice(0, 7)}-01`;
  const to = addDays(thisMonthStart, -1);
  const lastMonthStart = `${to.slice(0, 7)}-01`;
  if (lastClaimTo) {
    const next = addDays(lastClaimTo, 1);
    return next <= to ? { from: next, to } : { from: lastMonthStart, to };
  }
  const first = firstMonth ? `${firstMonth}-01` : lastMonthStart;
  return { from: first < lastMonthStart ? first : lastMonthStart, to };
}
