import { ErrorCode } from '@shared/api/error-codes';
import { VerificationMessage } from '@shared/verification';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';

/** Verification and resend messages (public-site spec 8, charity-area spec 8). */
export const VerifyText = {
  SignInToVerify: 'Please sign in to verify your charity',
  Failed: 'Verification failed. Please try again.',
  TooMany: 'Too many verification attempts. Please wait before trying again.',
  Invalid: 'Invalid verification code',
  Exception: 'Invalid verification code. Please check your code and try again.',
  LoadFailed: 'Failed to load verification data',
  SignInToResend: 'Please sign in to resend verification code',
  ResendFailed: 'Failed to resend verification code. Please try again.',
  ResendTooMany: 'Too many resend attempts. Please wait before trying again.',
  ResendDefault: 'Failed to resend code',
} as const;

export interface VerifyFailure {
  message: string;
  /** Verification is locked until the team unlocks it: show Contact Support, stop offering the form. */
  locked?: boolean;
}

/** The message for a failed `verify-charity-code` call. */
export function verifyFailure(error: unknown): VerifyFailure {
  if (!isApiError(error)) return { message: VerifyText.Exception };
  if (error.code === ErrorCode.VerificationLocked || error.status === 423)
    return { message: error.message || VerificationMessage.Locked, locked: true };
  if (error.status === 401) return { message: VerifyText.SignInToVerify };
  if (error.status === 429) {
    // The server's 5 s throttle has its own, gentler wording in the spec.
    if (error.message === VerificationMessage.WaitBeforeRetry) return { message: error.message };
    return { message: VerifyText.TooMany };
  }
  if (error.code === ClientErrorCode.Network) return { message: NETWORK_ERROR_MESSAGE };
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse)
    return { message: VerifyText.Failed };
  // 400: a wrong, expired or void code; the server says which (a void code asks for a new one).
  return { message: error.message || VerifyText.Invalid };
}

/** The message for a failed `resend-verification-code` call. */
export function resendFailure(error: unknown): string {
  if (!isApiError(error)) return VerifyText.ResendFailed;
  if (error.status === 401) return VerifyText.SignInToResend;
  if (error.status === 429) return VerifyText.ResendTooMany;
  if (error.code === ClientErrorCode.Network) return NETWORK_ERROR_MESSAGE;
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse) return VerifyText.ResendFailed;
  return error.message || VerifyText.ResendDefault;
}
