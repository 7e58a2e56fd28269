import type { RouteRequest } from '@shared/api/routes';
import { callCharityApi, getAccessToken, NoSessionError, useCharityQuery } from '@/features/charity-auth';

/** No session: the settings page's words for it. */
const SESSION_MESSAGE = 'Please sign in to continue.';
const session = { noSessionMessage: SESSION_MESSAGE };

/** Changes the password (which ends every session, this one too). */
export const changePassword = (input: RouteRequest<'change-charity-password'>) =>
  callCharityApi('change-charity-password', input, session);

/** Deletes the charity's account for good. */
export const deleteAccount = () => callCharityApi('delete-charity-account', {}, session);

/** Whether two-step sign-in is on. */
export const useTwoStepStatusQuery = () => useCharityQuery('get-two-step-status', {}, session);

/** Turns two-step sign-in off with the password and a current code. */
export const turnOffTwoStep = (input: RouteRequest<'turn-off-two-step'>) =>
  callCharityApi('turn-off-two-step', input, session);

/** Mails a fresh code to the register's email (turning two-step off needs it while a payout account is connected). */
export const sendPayoutCode = () => callCharityApi('send-payout-code', {}, session);

/** The browser's own access token, which the two-step routes hand to Cognito. */
async function accessToken(): Promise<string> {
  const token = await getAccessToken();
  if (!token) throw new NoSessionError(SESSION_MESSAGE);
  return token;
}

/** Starts turning two-step sign-in on: the secret for the authenticator app. */
export const startTwoStepSetup = async () =>
  callCharityApi('start-two-step-setup', { accessToken: await accessToken() }, session);

/** Turns two-step sign-in on with the app's first code (every session then ends). */
export const turnOnTwoStep = async (code: string) =>
  callCharityApi('turn-on-two-step', { accessToken: await accessToken(), code }, session);
