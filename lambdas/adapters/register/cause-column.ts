import { CAUSES } from '@shared/causes';

/**
 * Each document's causes (the register's classification codes, `shared/src/causes.ts`) as a bitset of
 * `wordsPer(codes)` Uint32 words per document: bit i stands for `codes[i]`. The file carries its own list of
 * codes, so an index keeps its meaning when the list changes. Two words (8 bytes) a charity for 34 codes.
 */
export interface CauseColumn {
  codes: number[];
  bits: Uint32Array;
}

export const wordsPer = (codes: readonly number[]) => Math.ceil(codes.length / 32);

/** An index with no classification (an older file): every document has no causes. */
export const noCauses = (): CauseColumn => ({ codes: [], bits: new Uint32Array(0) });

/** The column of `perDoc[doc]`'s codes; codes not in the list are left out. */
export function causeColumn(perDoc: readonly (readonly number[])[]): CauseColumn {
  const codes = CAUSES.map((c) => c.code);
  const bitOf = new Map(codes.map((code, i) => [code, i]));
  const words = wordsPer(codes);
  const bits = new Uint32Array(perDoc.length * words);
  perDoc.forEach((list, doc) => {
    for (const code of list) {
      const bit = bitOf.get(code);
      if (bit === undefined) continue;
      const at = doc * words + (bit >>> 5);
      bits[at] = (bits[at] as number) | (1 << (bit & 31));
    }
  });
  return { codes, bits };
}

/** A document's codes, in the list's order. */
export function causesAt(column: CauseColumn, doc: number): number[] {
  const words = wordsPer(column.codes);
  const out: number[] = [];
  for (let w = 0; w < words; w++) {
    let word = column.bits[doc * words + w] as number;
    while (word) {
      const low = word & -word;
      out.push(column.codes[w * 32 + 31 - Math.clz32(low)] as number);
      word ^= low;
    }
  }
  return out;
}
