import type { ExportFilesResponse } from '@shared/api/schemas/donations';
import { ukDay } from '@shared/donations';
import type { Donation } from '../../data/donations';
import { type Cell, CSV_CONTENT_TYPE, csvStream, pounds } from '../../lib/csv';
import { createdWindow, type FileDeps, lastDayOf, paidBetween, paidDay, writeFile } from './files';
import { shownEmail, shownName } from './rows';

/**
 * The donations CSV and the Gift Aid declarations CSV (issue 33): streamed from the charity's donations, page
 * by page, to the exports bucket, whatever their number.
 */

export interface ExportDeps extends FileDeps {
  /** The charity's donations the charity sees, page by page (`donationPages` of `data/donations.ts`). */
  donationPages(userId: string, window: { fromIso?: string; toIso?: string }): AsyncIterable<Donation[]>;
}

export const DONATION_HEADINGS = [
  'Date (UK)',
  'Reference',
  'Amount (gross)',
  'Card fee',
  'Net',
  'Gift Aid',
  'Donor',
  'Message',
  'Email',
  'Status',
  'Gift Aid claim',
] as const;

export function donationCells(d: Donation): Cell[] {
  return [
    paidDay(d),
    d.id,
    pounds(d.donation_pence),
    pounds(d.card_fee_pence),
    pounds(d.donation_pence - d.card_fee_pence),
    d.gift_aid ? 'Yes' : 'No',
    shownName(d) ?? 'Anonymous',
    d.message,
    shownEmail(d),
    d.status,
    d.claim_id ?? null,
  ];
}

export const DECLARATION_HEADINGS = [
  'Reference',
  'Declared at',
  'Wording version',
  'Declaration',
  'Title',
  'First name',
  'Last name',
  'House name or number',
  'Postcode',
  'Address outside the UK',
  'Amount',
  'Status',
] as const;

function declarationCells(d: Donation): Cell[] | null {
  const g = d.gift_aid;
  if (!g) return null;
  return [
    d.id,
    g.declared_at,
    g.wording_version,
    g.text,
    g.title,
    g.first_name,
    g.last_name,
    g.house,
    g.postcode,
    g.outside_uk_address,
    pounds(d.donation_pence),
    d.status,
  ];
}

/** One month's donations (by the UK day of payment), or all. */
async function* rowsOf(
  deps: ExportDeps,
  userId: string,
  month: string | undefined,
  cells: (d: Donation) => Cell[] | null,
  count: { rows: number },
): AsyncGenerator<Cell[][]> {
  const from = month ? `${month}-01` : undefined;
  const to = month ? lastDayOf(month) : undefined;
  const keep = from && to ? paidBetween(from, to) : () => true;
  for await (const page of deps.donationPages(userId, from && to ? createdWindow(from, to) : {})) {
    const rows = page.filter(keep).flatMap((d) => {
      const row = cells(d);
      return row ? [row] : [];
    });
    count.rows += rows.length;
    yield rows;
  }
}

async function exportCsv(
  deps: ExportDeps,
  userId: string,
  what: { name: string; month?: string; headings: readonly string[]; cells: (d: Donation) => Cell[] | null },
): Promise<ExportFilesResponse> {
  const count = { rows: 0 };
  const file = await writeFile(deps, userId, {
    name: `${what.name}-${what.month ?? `to-${ukDay(new Date().toISOString())}`}.csv`,
    contentType: CSV_CONTENT_TYPE,
    body: csvStream(what.headings, rowsOf(deps, userId, what.month, what.cells, count)),
    rows: () => count.rows,
  });
  return { success: true, files: [file] };
}

/** `export-donations`: every column of the list, plus reference, gross, fee and net. */
export const exportDonations = (deps: ExportDeps, userId: string, input: { month?: string }) =>
  exportCsv(deps, userId, {
    name: 'donations',
    month: input.month,
    headings: DONATION_HEADINGS,
    cells: donationCells,
  });

/** `export-gift-aid-declarations`: the audit trail of every Gift Aid declaration the charity holds. */
export const exportDeclarations = (deps: ExportDeps, userId: string, input: { month?: string }) =>
  exportCsv(deps, userId, {
    name: 'gift-aid-declarations',
    month: input.month,
    headings: DECLARATION_HEADINGS,
    cells: declarationCells,
  });
