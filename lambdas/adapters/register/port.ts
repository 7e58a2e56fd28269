import type { CharityDetail, CharitySearchResult } from '@shared/api/schemas/register';
import type { SearchType } from '@shared/register';

/** A search hit as the register knows it; the on-platform flag is ours and is added by the domain. */
export type RegisterSearchHit = Omit<CharitySearchResult, 'isOnKindred'>;

/**
 * The Charity Commission register, behind one port with two adapters: the extract index (default) and
 * the Commission's Register API. Only registered main charities are found.
 */
export interface RegisterPort {
  /** At most `limit` registered charities, best first. */
  search(term: string, type: SearchType, limit: number): Promise<RegisterSearchHit[]>;
  /** The charity with this registration number, or null when the register has none. */
  getDetails(registrationNumber: string): Promise<CharityDetail | null>;
}

/** The register could not be read (down, rate limited, misconfigured key, timeout). */
export class RegisterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegisterUnavailableError';
  }
}
