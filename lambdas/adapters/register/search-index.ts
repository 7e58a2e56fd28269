import { type RegisterIndexData, textAt } from './index-format';
import { editsOne, normalizeName, tokenize } from './normalize';

/** Shortest query word that may match with one typo: shorter words would match too much. */
const MIN_TYPO_LENGTH = 4;
/** Shortest last word that is also matched as the start of a word ("friends of the ear"). */
const MIN_PREFIX_LENGTH = 2;
/**
 * A name-order range larger than this is not sorted: documents are walked in income order instead and
 * kept when their name's rank falls in the range (about limit x count / range steps).
 */
const SORT_RANGE_MAX = 4096;

type Matcher = {
  size: number;
  has: (doc: number) => boolean;
  each: (visit: (doc: number) => boolean) => void;
};

/**
 * In-memory search over the register index. Name queries rank: the exact name, then names starting
 * with the query, then names holding every query word (the last one may be unfinished), then names
 * that match with one typo; within each tier by income, highest first (document order).
 */
export function createSearchIndex(ix: RegisterIndexData) {
  let vocabIds: Map<string, number> | undefined;
  const vocabId = (token: string): number | undefined => {
    if (!vocabIds) {
      vocabIds = new Map();
      const size = ix.vocab.offsets.length - 1;
      for (let i = 0; i < size; i++) vocabIds.set(textAt(ix.vocab, i), i);
    }
    return vocabIds.get(token);
  };
  let nameRank: Uint32Array | undefined;
  /** Position of each document in the name order (the inverse of byName), built on first use. */
  const rankOf = () => {
    if (!nameRank) {
      nameRank = new Uint32Array(ix.count);
      for (let i = 0; i < ix.count; i++) nameRank[ix.byName[i] as number] = i;
    }
    return nameRank;
  };
  const postingList = (v: number) => ix.postings.subarray(ix.postingOffsets[v], ix.postingOffsets[v + 1]);

  /** First index in `order` whose key is >= `key`. */
  const lowerBound = (order: Uint32Array, keyOf: (doc: number) => string, key: string) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keyOf(order[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const normAt = (doc: number) => textAt(ix.normName, doc);
  const numberAt = (doc: number) => String(ix.regNo[doc]);

  const listMatcher = (list: Uint32Array): Matcher => ({
    size: list.length,
    has: (doc) => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const v = list[mid] as number;
        if (v === doc) return true;
        if (v < doc) lo = mid + 1;
        else hi = mid;
      }
      return false;
    },
    each: (visit) => {
      for (let i = 0; i < list.length; i++) if (!visit(list[i] as number)) return;
    },
  });
  /** Union of several tokens' lists, as a bitmap walked in document order. */
  const unionMatcher = (vocabs: number[]): Matcher | null => {
    if (vocabs.length === 0) return null;
    if (vocabs.length === 1) return listMatcher(postingList(vocabs[0] as number));
    const bits = new Uint8Array(ix.count);
    let size = 0;
    for (const v of vocabs) {
      const list = postingList(v);
      for (let i = 0; i < list.length; i++) {
        const d = list[i] as number;
        if (!bits[d]) {
          bits[d] = 1;
          size++;
        }
      }
    }
    return {
      size,
      has: (doc) => bits[doc] === 1,
      each: (visit) => {
        for (let d = 0; d < bits.length; d++) if (bits[d] && !visit(d)) return;
      },
    };
  };
  const prefixVocab = (prefix: string): number[] => {
    const size = ix.vocab.offsets.length - 1;
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (textAt(ix.vocab, mid) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let v = lo; v < size && textAt(ix.vocab, v).startsWith(prefix); v++) out.push(v);
    return out;
  };

  /** Adds docs matching all matchers, in document order, until `limit` results. */
  const intersect = (matchers: Matcher[], out: number[], seen: Set<number>, limit: number) => {
    const sorted = [...matchers].sort((a, b) => a.size - b.size);
    const [driver, ...rest] = sorted;
    if (!driver || out.length >= limit) return;
    driver.each((doc) => {
      if (!seen.has(doc) && rest.every((m) => m.has(doc))) {
        seen.add(doc);
        out.push(doc);
      }
      return out.length < limit;
    });
  };

  function searchByName(term: string, limit: number): number[] {
    const q = normalizeName(term);
    const words = tokenize(q);
    const out: number[] = [];
    if (!words.length) return out;
    const seen = new Set<number>();

    // Exact names, then names starting with the query: a range of the name order.
    const from = lowerBound(ix.byName, normAt, q);
    const to = lowerBound(ix.byName, normAt, `${q}\uffff`);
    // Names equal to the query sort first in the range.
    let exactEnd = from;
    while (exactEnd < to && normAt(ix.byName[exactEnd] as number) === q) exactEnd++;
    const take = (doc: number) => {
      seen.add(doc);
      out.push(doc);
      return out.length < limit;
    };
    const sortedRange = (a: number, b: number) => Array.from(ix.byName.subarray(a, b)).sort((x, y) => x - y);
    for (const doc of sortedRange(from, exactEnd)) if (!take(doc)) return out;
    if (to - exactEnd <= SORT_RANGE_MAX) {
      for (const doc of sortedRange(exactEnd, to)) if (!take(doc)) return out;
    } else {
      const rank = rankOf();
      for (let doc = 0; doc < ix.count; doc++) {
        const r = rank[doc] as number;
        if (r >= exactEnd && r < to && !take(doc)) return out;
      }
    }

    // Every word present; the last may be the start of a word.
    const last = words.length - 1;
    const exactVocab = words.map((w) => vocabId(w));
    const wordMatchers = words.map((w, i) => {
      const ids =
        i === last && w.length >= MIN_PREFIX_LENGTH
          ? prefixVocab(w)
          : exactVocab[i] !== undefined
            ? [exactVocab[i] as number]
            : [];
      return unionMatcher(ids);
    });
    if (wordMatchers.every((m): m is Matcher => m !== null)) intersect(wordMatchers, out, seen, limit);
    if (out.length >= limit) return out;

    // One typo in one word.
    for (let i = 0; i < words.length && out.length < limit; i++) {
      const word = words[i] as string;
      if (word.length < MIN_TYPO_LENGTH) continue;
      const candidates: number[] = [];
      for (const variant of editsOne(word)) {
        const v = vocabId(variant);
        if (v !== undefined) candidates.push(v);
      }
      const typo = unionMatcher(candidates);
      if (!typo) continue;
      const others = wordMatchers.filter((_, j) => j !== i);
      if (others.some((m) => m === null)) continue;
      intersect([typo, ...(others as Matcher[])], out, seen, limit);
    }
    return out;
  }

  function searchByNumber(term: string, limit: number): number[] {
    const q = term.trim().replace(/^0+(?=\d)/, '');
    const from = lowerBound(ix.byNumber, numberAt, q);
    const out: number[] = [];
    for (let i = from; i < ix.byNumber.length && out.length < limit; i++) {
      const doc = ix.byNumber[i] as number;
      if (!numberAt(doc).startsWith(q)) break;
      out.push(doc);
    }
    // The exact number first, then longer numbers starting with it.
    return out.sort((a, b) => numberAt(a).length - numberAt(b).length);
  }

  /** Finds the document of one registration number. */
  function findNumber(regNo: string): number | undefined {
    const q = regNo.replace(/^0+(?=\d)/, '');
    const i = lowerBound(ix.byNumber, numberAt, q);
    const doc = ix.byNumber[i];
    return doc !== undefined && numberAt(doc) === q ? doc : undefined;
  }

  return { searchByName, searchByNumber, findNumber, index: ix };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
