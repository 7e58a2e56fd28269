import {
  SCHEDULE_EARLIEST_LABEL,
  SCHEDULE_HEADINGS,
  SCHEDULE_LAYOUT,
  SCHEDULE_MAX_ROWS,
  SCHEDULE_OVERCLAIMED_LABEL,
  SCHEDULE_OVERCLAIMED_NOTE,
  SCHEDULE_SHEET_NAME,
  ukDay,
} from '@shared/donations';
import { giftAidAddressCell, giftAidNameCell, hasReadableText } from '@shared/gift-aid-text';
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
 * HMRC's title: 2 to 4 ASCII letters (`Mr`, not `Mr.`; its validator refuses one letter or an accent), or
 * blank (a title is optional).
 */
export function scheduleTitle(title: string | null): string {
  const letters = giftAidNameCell(title ?? '', 'first')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '');
  return letters.length >= 2 ? letters.slice(0, 4) : '';
}

/**
 * A name as HMRC reads it (@shared/gift-aid-text): letters beyond Latin-1 as their base letters, digits and a
 * first name's hyphens kept, a last name's hyphens as a space (HMRC's template asks it of surnames), at most
 * 35 characters.
 */
export const scheduleName = (name: string, which: 'first' | 'last' = 'last'): string =>
  clip(giftAidNameCell(name, which), 35);

/** The house field: a line break as ", " and a non-breaking space as a space before it is cut to 40. */
export const scheduleHouse = (parts: readonly (string | null)[]): string =>
  clip(
    parts
      .map((p) => giftAidAddressCell(p ?? ''))
      .filter(Boolean)
      .join(', '),
    40,
  ).replace(/[ ,]+$/, '');

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

/** A donation HMRC could not read: a required cell of its row would be blank (the claim stops, naming it). */
export class UnreadableDeclarationError extends Error {
  constructor(
    readonly donationId: string,
    readonly field: 'first name' | 'last name' | 'house name or number' | 'postcode',
  ) {
    super(`Gift Aid donation ${donationId}: HMRC could not read its ${field}`);
  }
}

/**
 * A donation's row: its declaration's donor and address, the UK day it was paid, the gross gift. A required
 * cell that would reach HMRC blank throws {@link UnreadableDeclarationError}: HMRC rejects the whole file for
 * one, so the claim is never written with it.
 */
export function scheduleRow(donation: Donation): ScheduleRow {
  const declaration = donation.gift_aid;
  if (!declaration || !donation.paid_at)
    throw new Error(`donation ${donation.id} has no Gift Aid or payment`);
  const uk = declaration.postcode !== OUTSIDE_UK_POSTCODE ? normalisePostcode(declaration.postcode) : null;
  // Outside the UK, HMRC asks for `X` as the postcode and as much of the address as fits in the house field.
  const house = scheduleHouse(uk ? [declaration.house] : [declaration.house, declaration.outside_uk_address]);
  const row: ScheduleRow = {
    title: scheduleTitle(declaration.title),
    first_name: scheduleName(declaration.first_name, 'first'),
    last_name: scheduleName(declaration.last_name, 'last'),
    house,
    postcode: uk ?? (declaration.postcode === OUTSIDE_UK_POSTCODE ? OUTSIDE_UK_POSTCODE : ''),
    date: ddmmyy(ukDay(donation.paid_at)),
    pence: donation.donation_pence,
  };
  if (!hasReadableText(row.first_name)) throw new UnreadableDeclarationError(donation.id, 'first name');
  if (!hasReadableText(row.last_name)) throw new UnreadableDeclarationError(donation.id, 'last name');
  if (!hasReadableText(row.house)) throw new UnreadableDeclarationError(donation.id, 'house name or number');
  if (!row.postcode) throw new UnreadableDeclarationError(donation.id, 'postcode');
  return row;
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
 * the earliest-date label and the date in Box 1 (column D), the previously over-claimed label and Box 2 (the
 * tax over-claimed on earlier claims, `overclaimedPence`, blank when none), the headings, the "(Yes/blank)"
 * and "(DD/MM/YY)" line under them, then the rows numbered from 1 (each file of a claim starts again at 1:
 * each is a schedule of its own), all from column B. Every cell is written out (no repeated-cell shorthand),
 * so counting cells finds column D, and every row has at least one cell (the ODF schema asks it).
 */
export function scheduleSpreadsheet(rows: readonly ScheduleRow[], { overclaimedPence = 0 } = {}): Buffer {
  if (!Number.isSafeInteger(overclaimedPence) || overclaimedPence < 0)
    throw new Error(`not an over-claimed amount in pence: ${overclaimedPence}`);
  const L = SCHEDULE_LAYOUT;
  const margin = Array<OdsCell>(L.firstColumn).fill(null);
  const sheet: OdsCell[][] = Array.from({ length: L.firstDonationRow }, () => []);
  sheet[0] = [...margin, 'Gift Aid donations schedule'];
  sheet[1] = [...margin, 'Donations claimed through Kindred'];
  sheet[L.earliestLabelRow] = [...margin, null, null, SCHEDULE_EARLIEST_LABEL];
  sheet[L.earliestRow] = [...margin, null, 'Box 1', earliest(rows)];
  sheet[L.overclaimedLabelRow] = [
    ...margin,
    null,
    null,
    SCHEDULE_OVERCLAIMED_LABEL,
    null,
    SCHEDULE_OVERCLAIMED_NOTE,
  ];
  sheet[L.overclaimedRow] = [
    ...margin,
    null,
    'Box 2',
    overclaimedPence > 0 ? { amount: scheduleAmount(overclaimedPence) } : null,
  ];
  sheet[L.overclaimedRow + 1] = [...margin, null, null, "Don't use a £ sign"];
  sheet[L.headingsRow] = [...margin, ...SCHEDULE_HEADINGS];
  sheet[L.unitsRow] = [...margin, null, null, null, null, null, null, null, '(Yes/blank)', '(DD/MM/YY)'];
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
