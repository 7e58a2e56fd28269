import type { Readable } from 'node:stream';
import type { ExportFile } from '@shared/api/schemas/donations';
import { ukDay } from '@shared/donations';
import type { ExportStore } from '../../adapters/exports';
import type { Donation } from '../../data/donations';

/** Where a charity's export files go: the store, and this charity's id (every key starts with it). */
export interface FileDeps {
  files: ExportStore;
}

/** Streams one file to the exports bucket and answers its download: name, 5-minute link, rows. */
export async function writeFile(
  deps: FileDeps,
  userId: string,
  file: { name: string; contentType: string; body: Readable; rows: () => number },
): Promise<ExportFile> {
  const key = deps.files.newKey(userId, file.name);
  await deps.files.write(key, file.body, file.contentType);
  return { name: file.name, url: await deps.files.link(key, file.name), rows: file.rows() };
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last day of a `YYYY-MM` month. */
export const lastDayOf = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * UK days of payment as a window of the list's sort key to query (a paid donation is listed by `paid_at`, an
 * unpaid one by when it was made): UK time is at most an hour from UTC, so from two days before the first day
 * to the end of the day after the last covers every payment in it; `paidBetween` keeps the exact days.
 */
export function createdWindow(fromDay: string, toDay: string) {
  return { fromIso: `${addDays(fromDay, -2)}T00:00:00.000Z`, toIso: `${addDays(toDay, 1)}T23:59:59.999Z` };
}

/** The UK day a donation counts on: when it was paid (made, for the rare paid one without the time). */
export const paidDay = (d: Donation): string => ukDay(d.paid_at ?? d.created_at);

/** Keeps the donations paid on the UK days `from`..`to` (both included). */
export const paidBetween = (from: string, to: string) => (d: Donation) => {
  const day = paidDay(d);
  return day >= from && day <= to;
};
