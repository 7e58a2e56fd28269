import * as XLSX from 'xlsx';

/**
 * HMRC's own validator of a Gift Aid schedule, ported rule for rule from `hmrc/charities-claims-validation`
 * (Apache License 2.0; the Scala is in `../shared/reference/hmrc-charities-claims-validation/`):
 * `OdsReaderService` (how the file is read), `DocumentRowDecoder`, `GiftAidDonationRow` (where),
 * `CommonFileValidation` (the sheet name, the characters kept), `DonationType` and `GiftAidValidationService`
 * (every rule, in its order). Faithful where it matters to a file we write:
 *
 * - the XML is read as a DOM with qualified names (`table:table-row`), only the first table's direct rows
 *   (rows in a row group or header rows are not seen), `number-rows-repeated` expanded (`0` drops the row),
 *   the first 1,024 rows only; a row's cells are every `table:table-cell` below it, `number-columns-repeated`
 *   expanded; the earliest date and the over-claimed amount are the 4th cell element of rows 13 and 17,
 *   repeats NOT expanded (as `cellFromDocument` does);
 * - a cell's text is its `text:p` paragraphs joined by "\n" (`text:s` as spaces, `text:line-break` and
 *   `text:tab` as nothing), trimmed as Java's `String.trim` does (every character up to U+0020);
 * - patterns match the whole string (Java's `matches()`), characters outside `\x20-\x7E\xA1-\xFF` are deleted
 *   before a rule looks, amounts are Java `BigDecimal`s (scale exactly 2, at most 15 digits), dates
 *   `dd/MM/uu` strict (2000 to 2099).
 *
 * `errors` is empty exactly when HMRC would accept the file; `findings` are HMRC's own (field, message key)
 * pairs in its order; `data` is what HMRC would take from the file (`GiftAidScheduleData`).
 */
export interface HmrcSchedule {
  sheetName: string;
  /** The earliest-date cell as read (D13). */
  earliest: string;
  /** The previously over-claimed amount cell as read (D17). */
  overclaimed: string;
  /** The donation rows HMRC decodes (a row with nothing but an item number is skipped), cells trimmed. */
  rows: HmrcRow[];
  /** HMRC's errors, in its order. */
  findings: HmrcFinding[];
  /** The findings as readable lines (`donorFirstName[0]: Enter a donor first name`), empty when accepted. */
  errors: string[];
  data: HmrcScheduleData | null;
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

export interface HmrcFinding {
  field: string;
  /** HMRC's message key, e.g. `validationService.giftAid.message.14`. */
  message: string;
}

export interface HmrcDonation {
  item: number;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  house: string | null;
  postcode: string | null;
  aggregated: string | null;
  sponsored: boolean;
  /** YYYY-MM-DD. */
  date: string;
  /** The amount as a decimal with two places ("240.00"). */
  amount: string;
}

export interface HmrcScheduleData {
  earliestDonationDate: string | null;
  prevOverclaimedGiftAid: string | null;
  /** The sum of the valid rows' amounts, two places, or null without valid rows. */
  totalDonations: string | null;
  donations: HmrcDonation[];
}

/** HMRC's messages (the comment at the head of `GiftAidValidationService.scala`, and `CommonFileValidation`). */
export const HMRC_MESSAGES: Record<string, string> = {
  'validationService.giftAid.message.1': 'Enter details for at least one Gift Aid donation',
  'validationService.giftAid.message.2': 'Enter the earliest donation date',
  'validationService.giftAid.message.3': 'Enter the earliest donation date in the correct format',
  'validationService.giftAid.message.4': 'Enter a previously overclaimed amount in the correct format',
  'validationService.giftAid.message.5': 'Enter an aggregated donations entry in the correct format',
  'validationService.giftAid.message.6': 'There is an issue with this item number',
  'validationService.giftAid.message.7': 'Enter a donation date',
  'validationService.giftAid.message.8': 'Enter a donation date in the correct format',
  'validationService.giftAid.message.9': 'Gift Aid donation date cannot be in the future',
  'validationService.giftAid.message.10': 'Enter a donation amount in the correct format',
  'validationService.giftAid.message.11': 'Donation amount is missing',
  'validationService.giftAid.message.12': 'Enter an aggregated donation amount that is £1000 or smaller',
  'validationService.giftAid.message.13': 'Enter a donor title in the correct format',
  'validationService.giftAid.message.14': 'Enter a donor first name',
  'validationService.giftAid.message.15': 'Enter a donor last name',
  'validationService.giftAid.message.16': 'Enter a donor first name in the correct format',
  'validationService.giftAid.message.17': 'Enter a donor last name in the correct format',
  'validationService.giftAid.message.18': 'Enter a donor house name or number',
  'validationService.giftAid.message.19': 'Enter a donor house name or number in the correct format',
  'validationService.giftAid.message.20': 'Enter a donor postcode',
  'validationService.giftAid.message.21': 'Enter a donor postcode in the correct format',
  'validationService.giftAid.message.22': 'Enter ‘Yes’ if this is a sponsored event, otherwise leave blank',
  'validationService.giftAid.message.23':
    'The selected field must be an aggregated donation, sponsored event or ordinary donation',
  'validationService.giftAid.message.24': 'You cannot provide a title for an aggregated donation',
  'validationService.giftAid.message.25': 'You cannot provide a first name for an aggregated donation',
  'validationService.giftAid.message.26': 'You cannot provide a last name for an aggregated donation',
  'validationService.giftAid.message.27':
    'You cannot provide a house name or number for an aggregated donation',
  'validationService.giftAid.message.28': 'You cannot provide a postcode for an aggregated donation',
  'validationService.commonFile.message.1': 'The selected file could not be uploaded',
  'validationService.commonFile.message.2': 'There is a problem with your spreadsheet',
  'validationService.commonFile.message.3': 'The selected file must use the template required',
};

// ---------------------------------------------------------------------------------------------------------
// Java's string semantics.

/** Java's `String.trim`: every character up to U+0020 off both ends (not Unicode white space). */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** `CommonFileValidation.removeNonWesternCharacters`: what HMRC keeps of a cell. */
export function removeNonWesternCharacters(input: string, normalisingSpacing = false): string {
  const kept = javaTrim(input.replace(/[^\x20-\x7E\xA1-\xFF]/gu, ''));
  // Java's `\s` is ASCII white space only ([ \t\n\x0B\f\r]).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Java's white space class, exactly
  return normalisingSpacing ? kept.replace(/[ \t\n\x0B\f\r]+/g, ' ') : kept;
}

/** Scala's `toIntOption` (Java `Integer.parseInt`): an optional sign and ASCII digits, within an int. */
function toIntOption(text: string): number | null {
  if (!/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Java's `new BigDecimal(String)`: the unscaled digits and the scale, or null where Java throws. */
function javaBigDecimal(text: string): { unscaled: bigint; scale: number } | null {
  const m = /^([+-]?)(?:(\d+)\.?(\d*)|\.(\d+))(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? m[4] ?? '';
  const exponent = m[5] === undefined ? 0 : Number(m[5]);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 2147483647) return null;
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { unscaled: m[1] === '-' ? -digits : digits, scale: fraction.length - exponent };
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The decimal text of an unscaled value at scale 2 ("240.00"). */
const decimal2 = (unscaled: bigint) => {
  const text = abs(unscaled).toString().padStart(3, '0');
  return `${unscaled < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
};

/** `LocalDate.parse(text, ofPattern("dd/MM/uu").withResolverStyle(STRICT))` as YYYY-MM-DD, or null. */
function parseDdMmUu(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), 2000 + Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (day > days) return null;
  return `${year}-${m[2]}-${m[1]}`;
}

// ---------------------------------------------------------------------------------------------------------
// The XML, as a DOM (Java's DocumentBuilder, not namespace-aware: elements are found by qualified name).

interface XmlElement {
  kind: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
type XmlNode = XmlElement | { kind: 'text'; text: string } | { kind: 'cdata'; text: string };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const known = ENTITIES[name];
    if (known === undefined) throw new Error(`unknown entity ${whole}`);
    return known;
  });
}

/** Parses well-formed XML into a tree (a malformed file throws, as Java's parser does). */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { kind: 'element', name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const source = xml.replace(/\r\n?/g, '\n');
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/gy;
  let at = 0;
  for (let m = token.exec(source); m !== null; m = token.exec(source)) {
    at = token.lastIndex;
    const top = stack[stack.length - 1] as XmlElement;
    if (m[1] !== undefined) top.children.push({ kind: 'cdata', text: m[1] });
    else if (m[2] !== undefined) {
      if (top.name !== m[2]) throw new Error(`mismatched </${m[2]}>`);
      stack.pop();
    } else if (m[3] !== undefined) {
      const attrs: Record<string, string> = {};
      for (const a of (m[4] ?? '').matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        attrs[a[1] as string] = decodeEntities((a[2] ?? a[3] ?? '').replace(/[\t\n]/g, ' '));
      const element: XmlElement = { kind: 'element', name: m[3], attrs, children: [] };
      top.children.push(element);
      if (!m[5]) stack.push(element);
    } else if (m[6] !== undefined && stack.length > 1) {
      const text = decodeEntities(m[6]);
      const last = top.children[top.children.length - 1];
      // `normalize()` joins adjacent text nodes.
      if (last?.kind === 'text') last.text += text;
      else top.children.push({ kind: 'text', text });
    }
  }
  if (at !== source.length || stack.length !== 1) throw new Error('malformed XML');
  return root;
}

/** `getElementsByTagName`: descendants of `node` named `name`, in document order. */
function* byTagName(node: XmlElement, name: string): Generator<XmlElement> {
  for (const child of node.children) {
    if (child.kind !== 'element') continue;
    if (child.name === name) yield child;
    yield* byTagName(child, name);
  }
}

/** DOM `getTextContent`: every descendant text (and CDATA). */
function textContent(node: XmlNode): string {
  if (node.kind !== 'element') return node.text;
  return node.children.map(textContent).join('');
}

/** `OdsReaderService.traverseTextNodes`. */
function traverseTextNodes(node: XmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'cdata') return '';
  const count = () => Math.max(0, toIntOption(node.attrs['text:c'] ?? '') ?? 1);
  switch (node.name) {
    case 'text:s':
      return ' '.repeat(count());
    case 'text:c':
      return textContent(node).repeat(count());
    default:
      return node.children.map(traverseTextNodes).join('');
  }
}

/** `OdsReaderService.extractCellText`. */
const extractCellText = (cell: XmlElement) =>
  javaTrim([...byTagName(cell, 'text:p')].map(traverseTextNodes).join('\n'));

/** `OdsReaderService.extractRows`: the first table's direct rows, repeats expanded, at most `maxRows`. */
function extractRows(doc: XmlElement, maxRows: number): XmlElement[] {
  const table = byTagName(doc, 'table:table').next().value;
  if (!table) return [];
  const rows: XmlElement[] = [];
  for (const child of table.children) {
    if (child.kind !== 'element' || child.name !== 'table:table-row') continue;
    const repeat = toIntOption(child.attrs['table:number-rows-repeated'] ?? '') ?? 1;
    for (let i = 0; i < repeat && rows.length < maxRows; i++) rows.push(child);
    if (rows.length >= maxRows) break;
  }
  return rows;
}

/** `OdsReaderService.extractCells`: every cell element below the row, repeats expanded, padded to `max`. */
function extractCells(row: XmlElement, maxColumns: number): string[] {
  const cells: string[] = [];
  for (const cell of byTagName(row, 'table:table-cell')) {
    if (cells.length >= maxColumns) break;
    const repeatRaw = toIntOption(cell.attrs['table:number-columns-repeated'] ?? '');
    const repeat = repeatRaw !== null && repeatRaw >= 1 ? repeatRaw : 1;
    const text = extractCellText(cell);
    for (let i = 0; i < repeat && cells.length < maxColumns; i++) cells.push(text);
  }
  while (cells.length < maxColumns) cells.push('');
  return cells;
}

/** `OdsReaderService.cellFromDocument`: the `cellIndex`th cell element of the row (repeats NOT expanded). */
function cellFromDocument(doc: XmlElement, rowIndex: number, cellIndex: number): string {
  const row = extractRows(doc, rowIndex + 1)[rowIndex];
  if (!row) return '';
  let i = 0;
  for (const cell of byTagName(row, 'table:table-cell')) if (i++ === cellIndex) return extractCellText(cell);
  return '';
}

// ---------------------------------------------------------------------------------------------------------
// Where (`GiftAidDonationRow`): rows 24 until 1025 and cells 1 until 12 (0-based), D13 and D17.

export const HMRC_LAYOUT = {
  rows: { from: 24, until: 1025 },
  cells: { from: 1, until: 12 },
  earliest: { row: 12, cell: 3 },
  overclaimed: { row: 16, cell: 3 },
} as const;

/** `OdsReaderService.rowsFromDocument` with `DocumentRowDecoder[GiftAidDonationRow]`. */
function giftAidRows(doc: XmlElement): HmrcRow[] {
  const { rows: R, cells: C } = HMRC_LAYOUT;
  const maxRow = R.until - 1;
  const maxCell = C.until - 1;
  const rows = extractRows(doc, maxRow);
  const found: HmrcRow[] = [];
  for (let rowIndex = R.from; rowIndex <= maxRow; rowIndex++) {
    const row = rows[rowIndex];
    if (!row) continue;
    const all = extractCells(row, maxCell);
    const cells: string[] = [];
    for (let c = C.from; c <= maxCell; c++) cells.push(javaTrim(all[c] ?? ''));
    const [item, title, firstName, lastName, house, postcode, aggregated, sponsored, date, amount] =
      cells as [string, string, string, string, string, string, string, string, string, string];
    const decoded = {
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
    };
    if (Object.entries(decoded).every(([k, v]) => k === 'item' || v === '')) continue;
    found.push(decoded);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// The rules (`GiftAidValidationService`).

const msg = (n: number) => `validationService.giftAid.message.${n}`;

/** HMRC's UK postcode pattern, matched against the whole string as Java's `matches()` does. */
export const HMRC_POSTCODE_PATTERN =
  /^(?:^(GIR 0AA)|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9][A-Z])))) [0-9][A-Z]{2})$)$/;

type Checked<T> = { ok: true; value: T } | { ok: false; errors: HmrcFinding[] };
const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = (field: string, message: string): Checked<never> => ({ ok: false, errors: [{ field, message }] });

const isAggregated = (row: HmrcRow) => javaTrim(removeNonWesternCharacters(row.aggregated)) !== '';

function validateItem(raw: string, index: number): Checked<number> {
  const input = removeNonWesternCharacters(raw);
  if (!/^[1-9][0-9]{0,3}$/.test(input)) return bad(`item[${index}]`, msg(6));
  const n = toIntOption(input);
  return n !== null && n >= 1 && n <= 1000 ? ok(n) : bad(`item[${index}]`, msg(6));
}

function validateAggregateDonationRules(row: HmrcRow, index: number): Checked<null> {
  if (!isAggregated(row)) return ok(null);
  const rules: [string, number][] = [
    [row.sponsored, 23],
    [row.title, 24],
    [row.firstName, 25],
    [row.lastName, 26],
    [row.house, 27],
    [row.postcode, 28],
  ];
  const errors = rules
    .filter(([cell]) => javaTrim(cell) !== '')
    .map(([, n]) => ({ field: `aggregateDonationsConflict[${index}]`, message: msg(n) }));
  return errors.length ? { ok: false, errors } : ok(null);
}

function validateTitle(raw: string, index: number, aggregated: boolean): Checked<string | null> {
  const input = removeNonWesternCharacters(raw);
  if (aggregated || input === '') return ok(null);
  return /^[A-Za-z][A-Za-z'-]{1,3}$/.test(input) ? ok(input) : bad(`donorTitle[${index}]`, msg(13));
}

function validateName(
  raw: string,
  first: boolean,
  index: number,
  aggregated: boolean,
): Checked<string | null> {
  const input = removeNonWesternCharacters(raw, true);
  const field = `${first ? 'donorFirstName' : 'donorLastName'}[${index}]`;
  if (aggregated) return ok(null);
  if (input === '') return bad(field, msg(first ? 14 : 15));
  if (input.length > 35) return bad(field, msg(first ? 16 : 17));
  return ok(input);
}

function validateHouseName(raw: string, index: number, aggregated: boolean): Checked<string | null> {
  const input = removeNonWesternCharacters(raw, true);
  if (aggregated) return ok(null);
  if (input === '') return bad(`donorHouse[${index}]`, msg(18));
  if (input.length > 40) return bad(`donorHouse[${index}]`, msg(19));
  return ok(input);
}

function validatePostcode(raw: string, index: number, aggregated: boolean): Checked<string | null> {
  const input = removeNonWesternCharacters(javaTrim(raw));
  const upper = input.toUpperCase();
  const valid = input === 'X' || HMRC_POSTCODE_PATTERN.test(upper);
  if (aggregated) return ok(null);
  if (input === '') return bad(`postcode[${index}]`, msg(20));
  return valid ? ok(upper) : bad(`postcode[${index}]`, msg(21));
}

function validateAggregateDonations(raw: string, index: number): Checked<string | null> {
  const input = removeNonWesternCharacters(raw, true);
  if (input === '') return ok(null);
  return input.length > 35 ? bad(`aggregateDonations[${index}]`, msg(5)) : ok(input);
}

function validateSponsoredEvent(raw: string, index: number, aggregated: boolean): Checked<boolean> {
  const input = removeNonWesternCharacters(javaTrim(raw).toLowerCase());
  if (aggregated || input === '') return ok(false);
  return input === 'yes' ? ok(true) : bad(`sponsoredEvent[${index}]`, msg(22));
}

function validateDate(raw: string, index: number, today: string): Checked<string> {
  const input = removeNonWesternCharacters(raw);
  if (input === '') return bad(`donationDate[${index}]`, msg(7));
  const day = parseDdMmUu(input);
  if (day === null) return bad(`donationDate[${index}]`, msg(8));
  return day > today ? bad(`donationDate[${index}]`, msg(9)) : ok(day);
}

function validateMoney(raw: string, index: number, aggregated: boolean): Checked<bigint> {
  const field = `donationAmount[${index}]`;
  const input = removeNonWesternCharacters(raw);
  if (input === '') return bad(field, msg(11));
  const amount = javaBigDecimal(input.replace(/,/g, ''));
  if (!amount) return bad(field, msg(10));
  if (amount.scale !== 2 || abs(amount.unscaled).toString().length > 15) return bad(field, msg(10));
  if (amount.unscaled < 1n) return bad(field, msg(10));
  if (aggregated) return amount.unscaled > 100000n ? bad(field, msg(12)) : ok(amount.unscaled);
  return amount.unscaled > 999999999999999n ? bad(field, msg(10)) : ok(amount.unscaled);
}

function validateRow(row: HmrcRow, index: number, today: string): Checked<HmrcDonation> {
  const aggregated = isAggregated(row);
  const item = validateItem(row.item, index);
  const rules = validateAggregateDonationRules(row, index);
  const title = validateTitle(row.title, index, aggregated);
  const firstName = validateName(row.firstName, true, index, aggregated);
  const lastName = validateName(row.lastName, false, index, aggregated);
  const house = validateHouseName(row.house, index, aggregated);
  const postcode = validatePostcode(row.postcode, index, aggregated);
  const aggregatedDonations = validateAggregateDonations(row.aggregated, index);
  const sponsored = validateSponsoredEvent(row.sponsored, index, aggregated);
  const date = validateDate(row.date, index, today);
  const amount = validateMoney(row.amount, index, aggregated);
  const all = [
    item,
    rules,
    title,
    firstName,
    lastName,
    house,
    postcode,
    aggregatedDonations,
    sponsored,
    date,
    amount,
  ];
  const errors = all.flatMap((c) => (c.ok ? [] : c.errors));
  if (errors.length) return { ok: false, errors };
  const v = <T>(c: Checked<T>) => (c as { value: T }).value;
  return ok({
    item: v(item),
    title: v(title),
    firstName: v(firstName),
    lastName: v(lastName),
    house: v(house),
    postcode: v(postcode),
    aggregated: v(aggregatedDonations),
    sponsored: v(sponsored),
    date: v(date),
    amount: decimal2(v(amount)),
  });
}

function validateEarliestDonationDate(cell: string): Checked<string> {
  const input = removeNonWesternCharacters(cell);
  if (input === '') return bad('earliestDonationDate', msg(2));
  const day = parseDdMmUu(input);
  return day === null ? bad('earliestDonationDate', msg(3)) : ok(day);
}

function validatePreviouslyOverclaimedAmount(cell: string): Checked<string | null> {
  const normalized = javaTrim(removeNonWesternCharacters(cell)).replace(/,/g, '');
  if (normalized === '') return ok(null);
  const amount = javaBigDecimal(normalized);
  if (amount === null) return bad('previouslyOverClaimedAmount', msg(4));
  if (amount.scale !== 2 || abs(amount.unscaled).toString().length > 15 || amount.unscaled <= 0n)
    return bad('previouslyOverClaimedAmount', msg(4));
  return ok(decimal2(amount.unscaled));
}

/** Today as HMRC's server sees it (`LocalDate.now`, UTC) as YYYY-MM-DD. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `GiftAidValidationService.validateRows`: each row's errors in HMRC's order, and the valid rows. */
export function hmrcValidateRows(rows: readonly HmrcRow[], today: Date = new Date()) {
  const checked = rows.map((row, index) => validateRow(row, index, isoDay(today)));
  return {
    findings: checked.flatMap((c) => (c.ok ? [] : c.errors)),
    valid: checked.flatMap((c) => (c.ok ? [c.value] : [])),
  };
}

const toUnscaled = (amount: string) => BigInt(amount.replace('.', ''));

const fileError = (n: 1 | 2 | 3): HmrcFinding => ({
  field: 'fileError',
  message: `validationService.commonFile.message.${n}`,
});

/** Reads and validates a schedule file's bytes exactly as HMRC's validator does (`validate`). */
export function hmrcSchedule(bytes: Buffer, today: Date = new Date()): HmrcSchedule {
  const result = (over: Partial<HmrcSchedule> & { findings: HmrcFinding[] }): HmrcSchedule => ({
    sheetName: '',
    earliest: '',
    overclaimed: '',
    rows: [],
    data: null,
    ...over,
    errors: over.findings.map((f) => `${f.field}: ${HMRC_MESSAGES[f.message] ?? f.message}`),
  });
  let doc: XmlElement;
  try {
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    const entry = XLSX.CFB.find(zip, 'content.xml');
    if (!entry) throw new Error('content.xml not found inside ODS');
    doc = parseXml(Buffer.from(entry.content as Uint8Array).toString('utf8'));
  } catch {
    return result({ findings: [fileError(2)] });
  }
  const table = byTagName(doc, 'table:table').next().value;
  const sheetName = table?.attrs['table:name'] ?? '';
  if (!sheetName) return result({ findings: [fileError(2)] });
  if (!javaTrim(sheetName).startsWith('R68GAD_V1_00_0'))
    return result({ sheetName, findings: [fileError(3)] });
  const rows = giftAidRows(doc);
  if (!rows.length) return result({ sheetName, findings: [{ field: 'giftAidDonation', message: msg(1) }] });
  const earliest = cellFromDocument(doc, HMRC_LAYOUT.earliest.row, HMRC_LAYOUT.earliest.cell);
  const overclaimed = cellFromDocument(doc, HMRC_LAYOUT.overclaimed.row, HMRC_LAYOUT.overclaimed.cell);

  const { findings: rowFindings, valid } = hmrcValidateRows(rows, today);
  const earliestResult = validateEarliestDonationDate(earliest);
  const overclaimedResult = validatePreviouslyOverclaimedAmount(overclaimed);
  const findings = [earliestResult, overclaimedResult].flatMap((c) => (c.ok ? [] : c.errors));
  findings.push(...rowFindings);
  const hasData = valid.length > 0 || earliestResult.ok || overclaimedResult.ok;
  const data = hasData
    ? {
        earliestDonationDate: earliestResult.ok ? earliestResult.value : null,
        prevOverclaimedGiftAid: overclaimedResult.ok ? overclaimedResult.value : null,
        totalDonations: valid.length
          ? decimal2(valid.reduce((sum, d) => sum + toUnscaled(d.amount), 0n))
          : null,
        donations: valid,
      }
    : null;
  return result({ sheetName, earliest, overclaimed, rows, findings, data });
}
