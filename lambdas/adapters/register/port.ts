import type { CharityDetail, CharitySearchResult } from '@shared/api/schemas/register';
import type { SearchType } from '@shared/register';

/** A search hit as the register knows it; the on-platform and live flags are ours, added by the domain. */
export type RegisterSearchHit = Omit<CharitySearchResult, 'isOnKindred' | 'isLive'>;

/** What discovery reads of a charity from the register, for many charities at once. */
export interface RegisterFacts {
  /** The register's classification codes, What / Who / How, in list order (`shared/src/causes.ts`). */
  causes: number[];
  /** The latest income, or null when the register has none. */
  income: number | null;
  /** Whether the register holds it as a registered main charity (false: removed, linked or unknown). */
  registered: boolean;
}

/** The facts of a number the register does not hold as a registered main charity. */
export const NOT_REGISTERED: RegisterFacts = Object.freeze({ causes: [], income: null, registered: false });

/**
 * The Charity Commission register, behind one port with two adapters: the extract index (default) and
 * the Commission's Register API. Only registered main charities are found.
 */
export interface RegisterPort {
  /** At most `limit` registered charities, best first. */
  search(term: string, type: SearchType, limit: number): Promise<RegisterSearchHit[]>;
  /** The charity with this registration number, or null when the register has none. */
  getDetails(registrationNumber: string): Promise<CharityDetail | null>;
  /**
   * The facts of each number (as `normaliseRegistrationNumber` spells it), keyed by that number; every
   * number asked has an entry. The extract index answers in memory (thousands at once); the Register API
   * makes one call per number.
   */
  facts(registrationNumbers: readonly string[]): Promise<Map<string, RegisterFacts>>;
}

/** The register could not be read (down, rate limited, misconfigured key, timeout). */
export class RegisterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegisterUnavailableError';
  }
}
