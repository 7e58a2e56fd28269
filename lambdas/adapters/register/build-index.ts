import type { CharityDetail } from '@shared/api/schemas/register';
import { causeColumn } from './cause-column';
import { type RegisterIndexData, textColumn } from './index-format';
import { normalizeName, tokenize } from './normalize';

/** A charity's record in the details file: its details less the causes, which the index holds. */
export type RegisterRecord = Omit<CharityDetail, 'causes'>;

/** One registered main charity, as the importer assembles it from the extract tables. */
export interface IndexedCharity {
  regNo: number;
  detail: RegisterRecord;
  /** The register's classification codes (`shared/src/causes.ts`). */
  causes: number[];
}

/** Result cards show a short excerpt of what a charity does; the detail view shows it whole. */
export const SNIPPET_LENGTH = 240;

export function snippetOf(text: string | null): string {
  if (!text) return '';
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= SNIPPET_LENGTH) return clean;
  const cut = clean.slice(0, SNIPPET_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > SNIPPET_LENGTH * 0.6 ? space : SNIPPET_LENGTH).replace(/[\s,.;:]+$/, '')}…`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds the search index and the details file (one JSON line per charity, in index order).
 * Documents are numbered by income, highest first, so every ascending list of ids is in income order.
 */
export function buildIndex(
  charities: IndexedCharity[],
  meta: { extractDate: string; builtAt: string },
): { index: RegisterIndexData; details: Buffer } {
  const docs = charities
    .map((c) => ({ c, norm: normalizeName(c.detail.name) }))
    .sort(
      (a, b) =>
        (b.c.detail.income ?? -1) - (a.c.detail.income ?? -1) ||
        byText(a.norm, b.norm) ||
        a.c.regNo - b.c.regNo,
    );
  const count = docs.length;
  const regNo = new Uint32Array(count);
  const income = new Float64Array(count);
  const expenditure = new Float64Array(count);
  const detailsOffset = new Float64Array(count);
  const detailsLength = new Uint32Array(count);
  const lines: Buffer[] = [];
  let offset = 0;
  const postingsByToken = new Map<string, number[]>();
  docs.forEach(({ c, norm }, id) => {
    regNo[id] = c.regNo;
    income[id] = c.detail.income ?? Number.NaN;
    expenditure[id] = c.detail.expenditure ?? Number.NaN;
    const line = Buffer.from(`${JSON.stringify(c.detail)}\n`, 'utf8');
    detailsOffset[id] = offset;
    detailsLength[id] = line.length - 1;
    offset += line.length;
    lines.push(line);
    for (const token of new Set(tokenize(norm))) {
      const list = postingsByToken.get(token);
      if (list) list.push(id);
      else postingsByToken.set(token, [id]);
    }
  });
  const vocab = [...postingsByToken.keys()].sort(byText);
  const postingOffsets = new Uint32Array(vocab.length + 1);
  let total = 0;
  vocab.forEach((token, i) => {
    postingOffsets[i] = total;
    total += (postingsByToken.get(token) as number[]).length;
  });
  postingOffsets[vocab.length] = total;
  const postings = new Uint32Array(total);
  vocab.forEach((token, i) => {
    postings.set(postingsByToken.get(token) as number[], postingOffsets[i]);
  });
  const ids = docs.map((_, i) => i);
  const byName = Uint32Array.from(
    [...ids].sort(
      (a, b) =>
        byText((docs[a] as (typeof docs)[number]).norm, (docs[b] as (typeof docs)[number]).norm) || a - b,
    ),
  );
  const byNumber = Uint32Array.from([...ids].sort((a, b) => byText(String(regNo[a]), String(regNo[b]))));
  return {
    index: {
      count,
      regNo,
      income,
      expenditure,
      detailsOffset,
      detailsLength,
      name: textColumn(docs.map((d) => d.c.detail.name)),
      normName: textColumn(docs.map((d) => d.norm)),
      registrationDate: textColumn(docs.map((d) => d.c.detail.registrationDate ?? '')),
      website: textColumn(docs.map((d) => d.c.detail.website ?? '')),
      snippet: textColumn(docs.map((d) => snippetOf(d.c.detail.activities))),
      vocab: textColumn(vocab),
      postingOffsets,
      postings,
      byName,
      byNumber,
      causes: causeColumn(docs.map((d) => d.c.causes)),
      extractDate: meta.extractDate,
      builtAt: meta.builtAt,
    },
    details: Buffer.concat(lines),
  };
}
