/**
 * What other features may use of charity access: the session of a signed-in page and the facade's session
 * calls (`lib/charity-auth.ts`; Amplify stays behind it).
 */

export { NoSessionError } from '@/lib/no-session';
export { type CharitySession, type UseCharitySession, useCharitySession } from './hooks/use-charity-session';
export {
  type CharityCallOptions,
  callCharityApi,
  uploadCharityMedia,
  useCharityMutation,
  useCharityQuery,
} from './lib/charity-api';
export { getAccessToken, renewSessionAfterPasswordChange, signOutCharity } from './lib/charity-auth';
