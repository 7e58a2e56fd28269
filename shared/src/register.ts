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

/** Registration asks for the number as the register holds it: digits (spaces are ignored). */
export const REGISTRATION_NUMBER_FORMAT_MESSAGE =
  'Please enter your charity registration number using digits only, for example 1123456';

/** The number as registration reads it (spaces removed), or null when it is not 1 to 8 digits. */
export function normaliseRegistrationNumber(input: string): string | null {
  const number = input.replace(/\s+/g, '');
  return /^\d{1,8}$/.test(number) ? number : null;
}
