import { zip } from './zip';

/**
 * A one-sheet OpenDocument spreadsheet (ODF 1.2), as HMRC's Gift Aid schedule needs: a zip whose first entry is
 * `mimetype`, stored uncompressed, then the manifest, content, styles and meta. Cells are text, or numbers
 * shown with two decimals (amounts).
 */

export const ODS_CONTENT_TYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** A cell: text, an amount (its decimal text with two decimals, e.g. `25.00`), or empty. */
export type OdsCell = string | { amount: string } | null;

/** XML 1.0 escapes; control characters XML cannot hold (all below space but tab, LF, CR) are dropped. */
const escapeXml = (text: string) =>
  Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') return '';
    return (
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' } as Record<string, string>)[
        c
      ] ?? c
    );
  }).join('');

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

function cellXml(cell: OdsCell): string {
  if (cell === null || cell === '') return '<table:table-cell/>';
  if (typeof cell === 'string')
    return `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`;
  if (!/^\d+\.\d{2}$/.test(cell.amount)) throw new Error(`not an amount with two decimals: ${cell.amount}`);
  const shown = cell.amount;
  return `<table:table-cell table:style-name="amount" office:value-type="float" office:value="${shown}"><text:p>${shown}</text:p></table:table-cell>`;
}

function contentXml(sheetName: string, rows: readonly OdsCell[][]): string {
  const width = Math.max(1, ...rows.map((r) => r.length));
  // A row holds at least one cell: ODF's schema has no empty `table:table-row` (issue 42).
  const body = rows
    .map((row) => `<table:table-row>${(row.length ? row : [null]).map(cellXml).join('')}</table:table-row>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.2">` +
    '<office:automatic-styles>' +
    '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>' +
    '<style:style style:name="amount" style:family="table-cell" style:data-style-name="N2"/>' +
    '</office:automatic-styles>' +
    `<office:body><office:spreadsheet><table:table table:name="${escapeXml(sheetName)}">` +
    `<table:table-column table:number-columns-repeated="${width}"/>${body}` +
    '</table:table></office:spreadsheet></office:body></office:document-content>'
  );
}

const STYLES = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${NS} office:version="1.2"><office:styles/></office:document-styles>`;

const META = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${NS} office:version="1.2"><office:meta><meta:generator>Kindred</meta:generator></office:meta></office:document-meta>`;

const MANIFEST =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
  `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${ODS_CONTENT_TYPE}"/>` +
  '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
  '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>' +
  '<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>' +
  '</manifest:manifest>';

/** The spreadsheet's bytes: one sheet called `sheetName` holding `rows` from A1. */
export function odsSpreadsheet(sheetName: string, rows: readonly OdsCell[][]): Buffer {
  return zip([
    { name: 'mimetype', data: Buffer.from(ODS_CONTENT_TYPE, 'ascii'), stored: true },
    { name: 'META-INF/manifest.xml', data: Buffer.from(MANIFEST, 'utf8') },
    { name: 'content.xml', data: Buffer.from(contentXml(sheetName, rows), 'utf8') },
    { name: 'styles.xml', data: Buffer.from(STYLES, 'utf8') },
    { name: 'meta.xml', data: Buffer.from(META, 'utf8') },
  ]);
}
