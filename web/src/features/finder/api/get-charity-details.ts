import type { CharityDetail, CharitySearchResult } from '@shared/api/schemas/register';
import { callApi } from '@/lib/api';

/** Fetches one charity's full record, for the detail view; only ever called once a result is chosen. */
export async function getCharityDetails(
  charity: Pick<CharitySearchResult, 'registrationNumber' | 'name' | 'isActive'>,
  signal: AbortSignal,
): Promise<CharityDetail> {
  const response = await callApi(
    'get-charity-details',
    { registrationNumber: charity.registrationNumber, charityName: charity.name, isActive: charity.isActive },
    { signal },
  );
  return response.charity;
}
