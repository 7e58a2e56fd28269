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

/**
 * The one canonical spelling of a registration number, as the register holds it: digits with no leading
 * zeros (spaces and leading zeros removed), or null when that is not 1 to 8 digits starting 1-9. Every key,
 * marker, counter, budget and lookup uses this form, so "01201234" and " 1201234" are 1201234.
 */
export function normaliseRegistrationNumber(input: string): string | null {
  if (input.length > 64) return null;
  const number = input.replace(/\s+/g, '').replace(/^0+/, '');
  return /^[1-9]\d{0,7}$/.test(number) ? number : null;
}
