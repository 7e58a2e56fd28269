import { LocationMessage } from '@shared/locations';
import { callApi } from '@/lib/api';

export type GetToken = () => Promise<string | null>;

/** There is no session token any more: the page says 'User not authenticated' (spec section 6). */
export class NotSignedInError extends Error {
  constructor() {
    super(LocationMessage.NotAuthenticated);
    this.name = 'NotSignedInError';
  }
}

export async function tokenOrThrow(getToken: GetToken): Promise<string> {
  const token = await getToken();
  if (!token) throw new NotSignedInError();
  return token;
}

/** Looks a place up through the geocoding route; the purpose picks the spec's not-found message. */
export async function lookUp(getToken: GetToken, query: string, purpose: 'search' | 'address') {
  return callApi('geocode-location', { query, purpose }, { token: await tokenOrThrow(getToken) });
}

export async function loadLocationSettings(getToken: GetToken) {
  return callApi('get-locations', {}, { token: await tokenOrThrow(getToken) });
}

export async function saveLocationSettings(
  getToken: GetToken,
  settings: Parameters<typeof callApi<'save-locations'>>[1],
) {
  return callApi('save-locations', settings, { token: await tokenOrThrow(getToken) });
}
