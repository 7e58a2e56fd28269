import { callApi } from '@/lib/api';

/**
 * Cuts off every session of the account on the server, with the ID token of the session signing out (Amplify's
 * session module calls it, so this file stays apart from the query layer).
 */
export const signOutEverywhere = (idToken: string) => callApi('sign-out-everywhere', {}, { token: idToken });
