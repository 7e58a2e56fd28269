/**
 * The register search index as columns of typed arrays and string blobs, so that a fresh process (a
 * function's cold start) maps it from one file without parsing: no JSON of 170,000 records, no building.
 *
 * File: "KRIX" | u32 version | u32 header length | header JSON | sections, each 8-byte aligned.
 * Version 2 added the causes (`causes.bits`, and `causeCodes` in the header); a version 1 file still loads,
 * with no causes, so functions keep answering until the next refresh writes version 2 (decision 21.1).
 */
import { type CauseColumn, noCauses } from './cause-column';

export interface TextColumn {
  /** All values joined; value i is text.slice(offsets[i], offsets[i + 1]). */
  text: string;
  offsets: Uint32Array;
}

export interface RegisterIndexData {
  /** Documents are numbered by income, highest first: lists of doc ids in ascending order are in income order. */
  count: number;
  regNo: Uint32Array;
  income: Float64Array;
  expenditure: Float64Array;
  /** Byte range of each charity's record in the details file. */
  detailsOffset: Float64Array;
  detailsLength: Uint32Array;
  name: TextColumn;
  normName: TextColumn;
  registrationDate: TextColumn;
  website: TextColumn;
  snippet: TextColumn;
  /** Sorted distinct name tokens, and for each the ascending doc ids containing it. */
  vocab: TextColumn;
  postingOffsets: Uint32Array;
  postings: Uint32Array;
  /** Doc ids ordered by normalised name, and by registration number as text (for prefix ranges). */
  byName: Uint32Array;
  byNumber: Uint32Array;
  /** Each document's classification codes (the register's What / Who / How). */
  causes: CauseColumn;
  /** When the source extract was produced (ISO date) and the index built. */
  extractDate: string;
  builtAt: string;
}

const MAGIC = 'KRIX';
const VERSION = 2;
/** Older versions this reader still loads. */
const READABLE = [1, VERSION];

type Section = { name: string; kind: 'u32' | 'f64' | 'utf8'; offset: number; byteLength: number };

const textColumns = ['name', 'normName', 'registrationDate', 'website', 'snippet', 'vocab'] as const;
const u32Columns = ['regNo', 'detailsLength', 'postingOffsets', 'postings', 'byName', 'byNumber'] as const;
const f64Columns = ['income', 'expenditure', 'detailsOffset'] as const;

export function textColumn(values: readonly string[]): TextColumn {
  const offsets = new Uint32Array(values.length + 1);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    offsets[i] = total;
    total += (values[i] as string).length;
  }
  offsets[values.length] = total;
  return { text: values.join(''), offsets };
}

export function textAt(column: TextColumn, i: number): string {
  return column.text.slice(column.offsets[i], column.offsets[i + 1]);
}

const align = (n: number) => Math.ceil(n / 8) * 8;

export function serializeIndex(data: RegisterIndexData): Buffer {
  const parts: { name: string; kind: Section['kind']; bytes: Uint8Array }[] = [];
  for (const name of u32Columns)
    parts.push({
      name,
      kind: 'u32',
      bytes: new Uint8Array(data[name].buffer, data[name].byteOffset, data[name].byteLength),
    });
  for (const name of f64Columns)
    parts.push({
      name,
      kind: 'f64',
      bytes: new Uint8Array(data[name].buffer, data[name].byteOffset, data[name].byteLength),
    });
  parts.push({
    name: 'causes.bits',
    kind: 'u32',
    bytes: new Uint8Array(data.causes.bits.buffer, data.causes.bits.byteOffset, data.causes.bits.byteLength),
  });
  for (const name of textColumns) {
    const col = data[name];
    parts.push({
      name: `${name}.offsets`,
      kind: 'u32',
      bytes: new Uint8Array(col.offsets.buffer, col.offsets.byteOffset, col.offsets.byteLength),
    });
    parts.push({ name: `${name}.text`, kind: 'utf8', bytes: Buffer.from(col.text, 'utf8') });
  }
  const sections: Section[] = [];
  let offset = 0;
  for (const p of parts) {
    sections.push({ name: p.name, kind: p.kind, offset, byteLength: p.bytes.byteLength });
    offset = align(offset + p.bytes.byteLength);
  }
  const header = Buffer.from(
    JSON.stringify({
      count: data.count,
      extractDate: data.extractDate,
      builtAt: data.builtAt,
      causeCodes: data.causes.codes,
      sections,
    }),
    'utf8',
  );
  const start = align(12 + header.length);
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(header.length, 8);
  header.copy(out, 12);
  for (let i = 0; i < parts.length; i++)
    out.set((parts[i] as (typeof parts)[number]).bytes, start + (sections[i] as Section).offset);
  return out;
}

export function deserializeIndex(file: Uint8Array): RegisterIndexData {
  // Typed-array views need an 8-byte aligned start; a pooled Buffer may not have one.
  const buf = file.byteOffset % 8 === 0 ? file : new Uint8Array(file);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const magic = new TextDecoder('latin1').decode(buf.subarray(0, 4));
  if (magic !== MAGIC) throw new Error('Not a register index file');
  const version = view.getUint32(4, true);
  if (!READABLE.includes(version))
    throw new Error(`Register index version ${version} is not supported (expected ${VERSION})`);
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(12, 12 + headerLength))) as {
    count: number;
    extractDate: string;
    builtAt: string;
    causeCodes?: number[];
    sections: Section[];
  };
  const start = align(12 + headerLength);
  const decoder = new TextDecoder();
  const get = (name: string) => {
    const s = header.sections.find((x) => x.name === name);
    if (!s) throw new Error(`Register index is missing section ${name}`);
    const at = buf.byteOffset + start + s.offset;
    if (s.kind === 'u32') return new Uint32Array(buf.buffer, at, s.byteLength / 4);
    if (s.kind === 'f64') return new Float64Array(buf.buffer, at, s.byteLength / 8);
    return decoder.decode(buf.subarray(start + s.offset, start + s.offset + s.byteLength));
  };
  const text = (name: string): TextColumn => ({
    offsets: get(`${name}.offsets`) as Uint32Array,
    text: get(`${name}.text`) as string,
  });
  return {
    count: header.count,
    extractDate: header.extractDate,
    builtAt: header.builtAt,
    regNo: get('regNo') as Uint32Array,
    detailsLength: get('detailsLength') as Uint32Array,
    postingOffsets: get('postingOffsets') as Uint32Array,
    postings: get('postings') as Uint32Array,
    byName: get('byName') as Uint32Array,
    byNumber: get('byNumber') as Uint32Array,
    income: get('income') as Float64Array,
    expenditure: get('expenditure') as Float64Array,
    detailsOffset: get('detailsOffset') as Float64Array,
    name: text('name'),
    normName: text('normName'),
    registrationDate: text('registrationDate'),
    website: text('website'),
    snippet: text('snippet'),
    vocab: text('vocab'),
    causes: header.causeCodes
      ? { codes: header.causeCodes, bits: get('causes.bits') as Uint32Array }
      : noCauses(),
  };
}
