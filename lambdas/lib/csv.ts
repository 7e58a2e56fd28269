import { Readable } from 'node:stream';

/**
 * The one CSV writer of the exports (issue 33): RFC 4180 (CRLF line ends, a field quoted when it holds a comma,
 * a quote, CR or LF, quotes doubled), UTF-8 with a byte-order mark so Excel reads the pound sign and accents,
 * and formula injection neutralised: a text cell that begins with `=`, `+`, `-`, `@`, a tab or a CR gets a
 * leading `'`, so a spreadsheet shows it as text instead of running it (OWASP's advice). Numbers written by us
 * (amounts) are not neutralised: a refund's `-12.50` stays a number.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

/** A cell: text (neutralised), a number we wrote ({@link Figure}, kept as is), or empty. */
export type Cell = string | Figure | null | undefined;

/** A figure this code formatted (e.g. `-12.50`): written as is, never neutralised. */
export class Figure {
  constructor(readonly text: string) {}
}

/** Pence as pounds with two decimals (`1234` → `12.34`, `-5` → `-0.05`), a {@link Figure}. */
export function pounds(pence: number): Figure {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return new Figure(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, neutralised and quoted as needed. */
export function csvField(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = cell instanceof Figure ? cell.text : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A stream of the CSV: the BOM and headings, then each page of rows as it comes (one chunk a page, so memory
 * holds a page, not the file). The caller's `pages` may count what it yields; the stream ends with them.
 */
export function csvStream(headings: readonly string[], pages: AsyncIterable<readonly Cell[][]>): Readable {
  async function* chunks() {
    yield Buffer.from(BOM + csvLine(headings), 'utf8');
    for await (const rows of pages) {
      if (rows.length) yield Buffer.from(rows.map(csvLine).join(''), 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
