import type { CharitySearchResult } from '@shared/api/schemas/register';
import { detectSearchType } from '@shared/register';
import { callApi } from '@/lib/api';

/** Searches the register by name or number (the type follows the text); abortable through `signal`. */
export async function searchCharities(term: string, signal: AbortSignal): Promise<CharitySearchResult[]> {
  const searchTerm = term.trim();
  const response = await callApi(
    'search-charities',
    { searchTerm, searchType: detectSearchType(searchTerm) },
    { signal },
  );
  return response.charities;
}
