import { LocationMessage } from '@shared/locations';
import { callApi } from '@/lib/api';
import { type GetToken, requireToken } from '@/lib/session-token';

export type { GetToken };

/** The current token, or a NoSessionError saying 'User not authenticated' (spec section 6). */
const tokenOf = (getToken: GetToken) => requireToken(getToken, LocationMessage.NotAuthenticated);

/** Looks a place up through the geocoding route; the purpose picks the spec's not-found message. */
export async function lookUp(getToken: GetToken, query: string, purpose: 'search' | 'address') {
  return callApi('geocode-location', { query, purpose }, { token: await tokenOf(getToken) });
}

export async function loadLocationSettings(getToken: GetToken) {
  return callApi('get-locations', {}, { token: await tokenOf(getToken) });
}

export async function saveLocationSettings(
  getToken: GetToken,
  settings: Parameters<typeof callApi<'save-locations'>>[1],
) {
  return callApi('save-locations', settings, { token: await tokenOf(getToken) });
}
