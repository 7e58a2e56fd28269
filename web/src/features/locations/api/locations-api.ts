import type { RouteRequest } from '@shared/api/routes';
import { LocationMessage } from '@shared/locations';
import { callCharityApi, useCharityQuery } from '@/features/charity-auth';

/** Every location call without a session says 'User not authenticated' (spec section 6). */
const asCharity = { noSessionMessage: LocationMessage.NotAuthenticated };

/** Looks a place up through the geocoding route; the purpose picks the spec's not-found message. */
export const lookUp = (query: string, purpose: 'search' | 'address') =>
  callCharityApi('geocode-location', { query, purpose }, asCharity);

/** The signed-in charity's locations and service areas (pass `enabled: signedIn` until the session is known). */
export const useLocationSettingsQuery = (enabled: boolean) =>
  useCharityQuery('get-locations', {}, { enabled, ...asCharity });

export const saveLocationSettings = (settings: RouteRequest<'save-locations'>) =>
  callCharityApi('save-locations', settings, asCharity);
