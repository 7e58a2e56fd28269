import {
  SCHEDULE_EARLIEST_LABEL,
  SCHEDULE_HEADINGS,
  SCHEDULE_LAYOUT,
  SCHEDULE_MAX_ROWS,
  SCHEDULE_SHEET_NAME,
  ukDay,
} from '@shared/donations';
import { normalisePostcode, OUTSIDE_UK_POSTCODE } from '@shared/giving';
import type { Donation } from '../../data/donations';
import { type OdsCell, odsSpreadsheet } from '../../lib/ods';

/**
 * HMRC's Gift Aid schedule for Charities Online (GIVING.md, from HMRC's validator): one row per donation,
 * items from 1, title up to 4 letters, first and last names up to 35 and house up to 40 characters, postcode
 * in capitals with a space or `X`, aggregated and sponsored blank, the date DD/MM/YY, the gross gift with
 * two decimals and no £; at most 1,000 rows a file.
 */

/** The first `max` characters (code points, so a surrogate pair is never split), without a dangling space. */
export function clip(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('').trimEnd();
}

/**
 * Text HMRC's validator keeps: it deletes every character outside printable ASCII and Latin-1 (`\x20-\x7E`,
 * `\xA1-\xFF`), so a letter beyond them is written as its base letter (`Ł` → `L`, `ș` → `s`) rather than lost.
 */
export function latin1(text: string): string {
  return Array.from(text.normalize('NFC'), (c) =>
    /[\x20-\x7E\xA1-\xFF]/.test(c)
      ? c
      : (NO_DECOMPOSITION[c] ?? c.normalize('NFD').replace(/[^\x20-\x7E\xA1-\xFF]/g, '')),
  ).join('');
}

/** Letters Unicode does not decompose into a base letter and a mark, as people write them without it. */
const NO_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Œ: 'OE',
  œ: 'oe',
  ẞ: 'SS',
  ſ: 's',
};

/** Letters, spaces, apostrophes and full stops only; runs of space made one; hyphens (double-barrelled) as a space. */
const nameText = (text: string) =>
  latin1(text.replace(/[’‘]/g, "'"))
    .replace(/[-‐‑–—]/g, ' ')
    .replace(/[^\p{L}\p{M} '.]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * HMRC's title: 2 to 4 ASCII letters (`Mr`, not `Mr.`; its validator refuses one letter or an accent), or
 * blank (a title is optional).
 */
export function scheduleTitle(title: string | null): string {
  const letters = latin1(title ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '');
  return letters.length >= 2 ? letters.slice(0, 4) : '';
}

export const scheduleName = (name: string): string => clip(nameText(name), 35);

/** `YYYY-MM-DD` as HMRC's DD/MM/YY. */
export const ddmmyy = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

export interface ScheduleRow {
  title: string;
  first_name: string;
  last_name: string;
  house: string;
  postcode: string;
  /** DD/MM/YY: the UK day the donation was paid. */
  date: string;
  /** The gross gift in pence. */
  pence: number;
}

/** A donation's row: its declaration's donor and address, the UK day it was paid, the gross gift. */
export function scheduleRow(donation: Donation): ScheduleRow {
  const declaration = donation.gift_aid;
  if (!declaration || !donation.paid_at)
    throw new Error(`donation ${donation.id} has no Gift Aid or payment`);
  const uk = declaration.postcode !== OUTSIDE_UK_POSTCODE ? normalisePostcode(declaration.postcode) : null;
  // Outside the UK, HMRC asks for `X` as the postcode and as much of the address as fits in the house field.
  const house = uk
    ? declaration.house
    : [declaration.house, declaration.outside_uk_address].filter(Boolean).join(', ');
  return {
    title: scheduleTitle(declaration.title),
    first_name: scheduleName(declaration.first_name),
    last_name: scheduleName(declaration.last_name),
    house: clip(latin1(house).replace(/\s+/g, ' ').trim(), 40),
    postcode: uk ?? OUTSIDE_UK_POSTCODE,
    date: ddmmyy(ukDay(donation.paid_at)),
    pence: donation.donation_pence,
  };
}

/** The rows in files of at most {@link SCHEDULE_MAX_ROWS}, in the order given. */
export function scheduleFiles(rows: readonly ScheduleRow[]): ScheduleRow[][] {
  const files: ScheduleRow[][] = [];
  for (let i = 0; i < rows.length; i += SCHEDULE_MAX_ROWS) files.push(rows.slice(i, i + SCHEDULE_MAX_ROWS));
  return files;
}

/** The earliest donation date of rows (DD/MM/YY), comparing as dates. */
function earliest(rows: readonly ScheduleRow[]): string {
  const key = (d: string) => `${d.slice(6, 8)}${d.slice(3, 5)}${d.slice(0, 2)}`;
  return rows.reduce((min, r) => (key(r.date) < key(min) ? r.date : min), rows[0]?.date ?? '');
}

/** Pence as HMRC's amount: pounds with two decimals, no £ (integer arithmetic, no float). */
export const scheduleAmount = (pence: number): string =>
  `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/**
 * One schedule file as HMRC's template lays it out (`SCHEDULE_LAYOUT`, where its validator reads): a title,
 * the earliest-date label with the date in column D, the previously-overclaimed line left blank, the headings,
 * then the rows numbered from 1 (each file of a claim starts again at 1: each is a schedule of its own), all
 * from column B. Every cell is written out (no repeated-cell shorthand), so counting cells finds column D.
 */
export function scheduleSpreadsheet(rows: readonly ScheduleRow[]): Buffer {
  const L = SCHEDULE_LAYOUT;
  const margin = Array<OdsCell>(L.firstColumn).fill(null);
  const sheet: OdsCell[][] = Array.from({ length: L.firstDonationRow }, () => []);
  sheet[1] = [...margin, 'Gift Aid schedule: donations claimed through Kindred'];
  sheet[L.earliestRow] = [...margin, SCHEDULE_EARLIEST_LABEL, null, earliest(rows)];
  sheet[L.overclaimedRow] = [...margin, 'Previously overclaimed amount (leave blank if none)', null, null];
  sheet[L.headingsRow] = [...margin, ...SCHEDULE_HEADINGS];
  for (const [i, r] of rows.entries())
    sheet.push([
      ...margin,
      String(i + 1),
      r.title,
      r.first_name,
      r.last_name,
      r.house,
      r.postcode,
      null,
      null,
      r.date,
      { amount: scheduleAmount(r.pence) },
    ]);
  return odsSpreadsheet(SCHEDULE_SHEET_NAME, sheet);
}
