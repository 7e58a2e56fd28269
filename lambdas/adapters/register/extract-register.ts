import type { CharityDetail } from '@shared/api/schemas/register';
import type { RegisterRecord } from './build-index';
import { causesAt } from './cause-column';
import { deserializeIndex, textAt } from './index-format';
import {
  NOT_REGISTERED,
  type RegisterFacts,
  type RegisterPort,
  type RegisterSearchHit,
  RegisterUnavailableError,
} from './port';
import { createSearchIndex, type SearchIndex } from './search-index';

/** One built version of the register files. */
export interface IndexVersion {
  /** The whole index file. */
  index: Uint8Array;
  /** `length` bytes of the same version's details file from `offset`. */
  readDetails(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * Where the index files come from: a local folder, or S3 in AWS. Each import writes a new version beside
 * the old and then moves the `current.json` pointer, so a process keeps reading the version it loaded.
 */
export interface IndexSource {
  open(): Promise<IndexVersion>;
}

export const INDEX_FILE = 'register-index.bin';
export const DETAILS_FILE = 'register-details.ndjson';
export const META_FILE = 'register-meta.json';
export const CURRENT_FILE = 'current.json';

/**
 * The extract-index adapter: the index is loaded once per process (a function's cold start), searched
 * in memory; a charity's details are read from its byte range of the details file.
 */
export function createExtractRegister(source: IndexSource): RegisterPort & { load(): Promise<SearchIndex> } {
  let loading: Promise<SearchIndex & { readDetails: IndexVersion['readDetails'] }> | undefined;
  const load = () => {
    if (!loading) {
      loading = source
        .open()
        .then((version) => ({
          ...createSearchIndex(deserializeIndex(version.index)),
          readDetails: version.readDetails,
        }))
        .catch((error) => {
          loading = undefined;
          throw new RegisterUnavailableError('The register index could not be loaded', { cause: error });
        });
    }
    return loading;
  };
  /** Each registration number's document, built on the first `facts` (discovery's) call. */
  let docByNumber: Map<number, number> | undefined;
  const hit = (s: SearchIndex, doc: number): RegisterSearchHit => {
    const ix = s.index;
    return {
      registrationNumber: String(ix.regNo[doc]),
      name: textAt(ix.name, doc),
      isActive: true,
      registrationDate: textAt(ix.registrationDate, doc) || null,
      activities: textAt(ix.snippet, doc) || null,
      website: textAt(ix.website, doc) || null,
    };
  };
  return {
    load,
    async search(term, type, limit) {
      const s = await load();
      const docs = type === 'number' ? s.searchByNumber(term, limit) : s.searchByName(term, limit);
      return docs.map((doc) => hit(s, doc));
    },
    async getDetails(registrationNumber) {
      const s = await load();
      const doc = s.findNumber(registrationNumber);
      if (doc === undefined) return null;
      const bytes = await s
        .readDetails(s.index.detailsOffset[doc] as number, s.index.detailsLength[doc] as number)
        .catch((error) => {
          throw new RegisterUnavailableError('The register details could not be read', { cause: error });
        });
      const record = JSON.parse(new TextDecoder().decode(bytes)) as RegisterRecord;
      return { ...record, causes: causesAt(s.index.causes, doc) } satisfies CharityDetail;
    },
    async facts(registrationNumbers) {
      const s = await load();
      const ix = s.index;
      if (!docByNumber) {
        docByNumber = new Map();
        for (let doc = 0; doc < ix.count; doc++) docByNumber.set(ix.regNo[doc] as number, doc);
      }
      const out = new Map<string, RegisterFacts>();
      for (const number of registrationNumbers) {
        const doc = /^\d{1,9}$/.test(number) ? docByNumber.get(Number(number)) : undefined;
        if (doc === undefined) {
          out.set(number, NOT_REGISTERED);
          continue;
        }
        const income = ix.income[doc] as number;
        out.set(number, {
          causes: causesAt(ix.causes, doc),
          income: Number.isNaN(income) ? null : income,
          registered: true,
        });
      }
      return out;
    },
  };
}
