/** Charity finder and register rules shared by the web and the functions (public-site spec, sections 5 and 9). */

/** At most this many active charities come back from one search. */
export const SEARCH_RESULT_LIMIT = 150;
/** Results shown per page; "Load More Charities" adds as many again. */
export const RESULTS_PAGE_SIZE = 15;
/** Longest search text accepted. No charity name on the register is longer. */
export const SEARCH_TERM_MAX_LENGTH = 200;

export type SearchType = 'name' | 'number';

/** The search type is number when the text is only digits, otherwise name. */
export function detectSearchType(term: string): SearchType {
  return /^\d+$/.test(term.trim()) ? 'number' : 'name';
}
