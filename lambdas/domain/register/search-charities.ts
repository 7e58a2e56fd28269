import type { SearchCharitiesRequest, SearchCharitiesResponse } from '@shared/api/schemas/register';
import { SEARCH_RESULT_LIMIT } from '@shared/register';
import { type RegisterPort, RegisterUnavailableError } from '../../adapters/register/port';
import type { RegistrationMarkers } from '../../data/registration-markers';
import { ServiceUnavailableError } from '../../lib/http-errors';

/** The spec's words for a failed search (public-site spec, section 8). */
export const SEARCH_UNAVAILABLE =
  'The charity database search is temporarily unavailable. Please try again in a moment.';

/** Searches the register (registered main charities, at most 150) and flags those on the platform. */
export async function searchCharities(
  deps: { register: RegisterPort; markers: RegistrationMarkers },
  input: SearchCharitiesRequest,
): Promise<SearchCharitiesResponse> {
  let hits: Awaited<ReturnType<RegisterPort['search']>>;
  try {
    hits = await deps.register.search(input.searchTerm, input.searchType, SEARCH_RESULT_LIMIT);
  } catch (error) {
    if (error instanceof RegisterUnavailableError)
      throw new ServiceUnavailableError(SEARCH_UNAVAILABLE, error);
    throw error;
  }
  const numbers = hits.map((h) => h.registrationNumber);
  const [onPlatform, live] = hits.length
    ? await Promise.all([deps.markers.vettedAmong(numbers), deps.markers.liveAmong(numbers)]).catch(
        (error) => {
          throw new ServiceUnavailableError(SEARCH_UNAVAILABLE, error);
        },
      )
    : [new Set<string>(), new Set<string>()];
  return {
    success: true,
    charities: hits.map((h) => ({
      ...h,
      isOnKindred: onPlatform.has(h.registrationNumber),
      isLive: live.has(h.registrationNumber),
    })),
  };
}
