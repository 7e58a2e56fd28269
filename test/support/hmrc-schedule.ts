import * as XLSX from 'xlsx';

/**
 * HMRC's own reading of a Gift Aid schedule, as its validator does it (`hmrc/charities-claims-validation`:
 * `OdsReaderService`, `GiftAidValidationService`, `GiftAidDonationRow`), for tests to hold our files to: the
 * first sheet's name, the rows that are direct children of the first table (repeats expanded), the earliest
 * date in row 13's fourth cell element, the donations from row 25 in columns B to K, and each rule that
 * refuses a row. `errors` is empty when HMRC would accept the file.
 */
export interface HmrcSchedule {
  sheetName: string;
  earliest: string;
  rows: HmrcRow[];
  errors: string[];
}

export interface HmrcRow {
  item: string;
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  aggregated: string;
  sponsored: string;
  date: string;
  amount: string;
}

const EARLIEST = { row: 12, cell: 3 };
const ROWS = { from: 24, to: 1024 };
const CELLS = { from: 1, to: 11 };
const AMOUNT_COLUMN = 9;
const POSTCODE =
  /^(GIR 0AA)|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9]?[A-Z])))) [0-9][A-Z]{2})$/;

interface Cell {
  attrs: Record<string, string>;
  text: string;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const attributes = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], decode(m[2] ?? '')]));

/** A cell's text as HMRC extracts it: its paragraphs joined by newlines, `<text:s>` as spaces, trimmed. */
function cellText(inner: string): string {
  return [...inner.matchAll(/<text:p[^>]*>([\s\S]*?)<\/text:p>|<text:p[^>]*\/>/g)]
    .map((p) =>
      decode(
        (p[1] ?? '')
          .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n) => ' '.repeat(Number(n ?? 1)))
          .replace(/<[^>]+>/g, ''),
      ),
    )
    .join('\n')
    .trim();
}

/** The first table's direct rows, each its cell elements in order (repeats not yet expanded). */
function directRows(content: string): { repeat: number; cells: Cell[] }[] {
  const table = /<table:table [^>]*>([\s\S]*?)<\/table:table>/.exec(content)?.[1] ?? '';
  const rows: { repeat: number; cells: Cell[] }[] = [];
  let depth = 0;
  const tokens = table.matchAll(
    /<(\/?)table:(table-header-rows|table-row-group|table-rows)[^>]*?(\/?)>|<table:table-row([^>]*?)(\/>|>([\s\S]*?)<\/table:table-row>)/g,
  );
  for (const t of tokens) {
    if (t[2]) {
      if (t[3]) continue;
      depth += t[1] ? -1 : 1;
      continue;
    }
    if (depth > 0) continue;
    const inner = t[6] ?? '';
    const cells = [...inner.matchAll(/<table:table-cell([^>]*?)(\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map(
      (c) => ({ attrs: attributes(c[1] ?? ''), text: cellText(c[3] ?? '') }),
    );
    rows.push({ repeat: Number(attributes(t[4] ?? '')['table:number-rows-repeated'] ?? 1), cells });
  }
  return rows;
}

const twoDecimals = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? (Math.round(n * 100) / 100).toFixed(2) : null;
};

/** Reads and validates a schedule file's bytes as HMRC does. */
export function hmrcSchedule(bytes: Buffer, today = new Date()): HmrcSchedule {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
  const entry = XLSX.CFB.find(zip, 'content.xml');
  if (!entry) return { sheetName: '', earliest: '', rows: [], errors: ['not an ODS file'] };
  const content = Buffer.from(entry.content as Uint8Array).toString('utf8');
  const sheetName = attributes(/<table:table [^>]*>/.exec(content)?.[0] ?? '')['table:name'] ?? '';
  const rows = directRows(content).flatMap((r) => Array<(typeof r)['cells']>(r.repeat).fill(r.cells));
  const earliest = rows[EARLIEST.row]?.[EARLIEST.cell]?.text ?? '';
  const errors: string[] = [];
  if (!sheetName.startsWith('R68GAD_V1_00_0')) errors.push(`sheet name ${sheetName}`);
  const today6 = today.toISOString().slice(0, 10);
  const parse = (d: string) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(d);
    if (!m) return null;
    const year = m[3]?.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const iso = `${year}-${m[2]}-${m[1]}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
  };
  if (!parse(earliest)) errors.push(`earliest date "${earliest}"`);

  const donations: HmrcRow[] = [];
  for (let index = ROWS.from; index <= ROWS.to && index < rows.length; index++) {
    const expanded = (rows[index] ?? []).flatMap((c) =>
      Array<Cell>(Number(c.attrs['table:number-columns-repeated'] ?? 1)).fill(c),
    );
    const cells = Array.from({ length: CELLS.to - CELLS.from + 1 }, (_, column) => {
      const cell = expanded[CELLS.from + column];
      if (!cell) return '';
      if (column === AMOUNT_COLUMN && cell.attrs['office:value'] !== undefined)
        return twoDecimals(cell.attrs['office:value']) ?? cell.text;
      return cell.text;
    });
    const [item, title, firstName, lastName, house, postcode, aggregated, sponsored, date, amount] =
      cells.map((c) => c.trim());
    const row = {
      item,
      title,
      firstName,
      lastName,
      house,
      postcode,
      aggregated,
      sponsored,
      date,
      amount,
    } as HmrcRow;
    if (Object.entries(row).every(([k, v]) => k === 'item' || v === '')) continue;
    donations.push(row);
    const at = `row ${index + 1}`;
    const keep = (text: string) => text.replace(/[^\x20-\x7E\xA1-\xFF]/g, '').trim();
    const number = Number(row.item);
    if (!/^[1-9][0-9]{0,3}$/.test(row.item) || number > 1000) errors.push(`${at}: item ${row.item}`);
    if (row.title && !/^[A-Za-z][A-Za-z'-]{1,3}$/.test(keep(row.title))) errors.push(`${at}: title`);
    for (const [name, value, max] of [
      ['first name', row.firstName, 35],
      ['last name', row.lastName, 35],
      ['house', row.house, 40],
    ] as const) {
      const kept = keep(value).replace(/\s+/g, ' ');
      if (!kept || kept.length > max) errors.push(`${at}: ${name} "${value}"`);
      if (kept !== value) errors.push(`${at}: ${name} loses characters "${value}"`);
    }
    if (!(row.postcode === 'X' || POSTCODE.test(row.postcode)))
      errors.push(`${at}: postcode ${row.postcode}`);
    if (row.aggregated) errors.push(`${at}: aggregated`);
    if (row.sponsored && row.sponsored.toLowerCase() !== 'yes') errors.push(`${at}: sponsored`);
    const day = parse(row.date);
    if (!day) errors.push(`${at}: date ${row.date}`);
    else if (day > today6) errors.push(`${at}: date in the future`);
    if (!/^\d{1,13}\.\d{2}$/.test(row.amount.replace(/,/g, '')) || Number(row.amount) < 0.01)
      errors.push(`${at}: amount ${row.amount}`);
  }
  if (donations.length === 0) errors.push('no donations');
  return { sheetName, earliest, rows: donations, errors };
}
