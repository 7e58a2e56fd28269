import { callCharityApi, useCharityQuery } from '@/features/charity-auth';

/** The charity's profile (is it verified or locked already?), once the session is known. */
export const useVerificationProfileQuery = (enabled: boolean) =>
  useCharityQuery('get-charity-profile', {}, { enabled });

/** Where and when the code was sent, and the server's wait before the next resend. */
export const useVerificationInfoQuery = (enabled: boolean) =>
  useCharityQuery('get-verification-info', {}, { enabled });

/** The verification info as it is now (after a resend), for the page to show. */
export const fetchVerificationInfo = () => callCharityApi('get-verification-info', {});

/** Checks the 6-digit code. */
export const verifyCharityCode = (verificationCode: string) =>
  callCharityApi('verify-charity-code', { verificationCode });

/** Mails a new code. */
export const resendVerificationCode = () => callCharityApi('resend-verification-code', {});
