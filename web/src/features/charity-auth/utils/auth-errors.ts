import { ErrorCode } from '@shared/api/error-codes';
import { NOT_CHARITY_USER } from '@shared/identity';
import { PasswordMessage } from '@shared/password';
import { TwoStepMessage } from '@shared/two-step';
import { REGISTRATION_CAP_MESSAGE } from '@shared/verification';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';

/** Sign-in messages (public-site spec, section 8); all shown under the email field. */
export const SignInMessage = {
  InvalidCredentials: 'Invalid email or password. Please check your details and try again.',
  NotVerified: 'Please verify your email address before signing in.',
  TooManyAttempts: 'Too many sign-in attempts. Please wait a moment before trying again.',
  Failed: 'Sign in failed. Please check your details and try again.',
  Unknown: 'Failed to sign in',
  NotCharity:
    "Sorry, this sign-in portal is only for registered charities. Please use the donor portal if you're a donor.",
} as const;

function errorName(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** A donor (or any non-charity user) refused by the pre-token-generation trigger. */
export function isNotCharityError(error: unknown): boolean {
  return (
    errorName(error) === 'UserLambdaValidationException' && errorMessage(error).includes(NOT_CHARITY_USER)
  );
}

/** Turns whatever Amplify's signIn threw into the spec's sign-in message. */
export function signInErrorMessage(error: unknown): string {
  if (isNotCharityError(error)) return SignInMessage.NotCharity;
  const name = errorName(error);
  const message = errorMessage(error);
  if (!(error instanceof Error) || !name) return SignInMessage.Unknown;
  switch (name) {
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(message)
        ? SignInMessage.TooManyAttempts
        : SignInMessage.InvalidCredentials;
    case 'UserNotFoundException':
    // cognito-local answers a wrong password with InvalidPasswordException where AWS says NotAuthorized.
    case 'InvalidPasswordException':
      return SignInMessage.InvalidCredentials;
    case 'UserNotConfirmedException':
      return SignInMessage.NotVerified;
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'LimitExceededException':
      return SignInMessage.TooManyAttempts;
    case 'NetworkError':
      return NETWORK_ERROR_MESSAGE;
    default:
      return SignInMessage.Failed;
  }
}

/**
 * What a refused sign-in code means to the user: a wrong code and a used code can be tried again; an expired
 * or spent challenge (NotAuthorized) means starting again with the password.
 */
export function twoStepCodeError(error: unknown): { message: string; restart: boolean } {
  switch (errorName(error)) {
    case 'CodeMismatchException':
      return { message: TwoStepMessage.CodeWrong, restart: false };
    case 'ExpiredCodeException':
      return { message: TwoStepMessage.CodeUsed, restart: false };
    case 'NotAuthorizedException':
    case 'SignInException':
      return { message: TwoStepMessage.SignInTimedOut, restart: true };
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return { message: SignInMessage.TooManyAttempts, restart: false };
    case 'NetworkError':
      return { message: NETWORK_ERROR_MESSAGE, restart: false };
    default:
      return { message: SignInMessage.Failed, restart: true };
  }
}

export const RegistrationMessage = {
  RateLimitEmail: 'Too many registration attempts. Please try again tomorrow.',
  RateLimitOther: 'Too many registration attempts. Please try again in an hour.',
  /** The number's 3 registrations in 30 days are spent (REGISTRATION_CAP_REACHED): support, or up to 30 days. */
  RegistrationCap: REGISTRATION_CAP_MESSAGE,
  Unavailable: 'Registration service is temporarily unavailable. Please try again in a moment.',
  Failed: 'Registration failed. Please try again.',
  /** Shown while the new account is signed in. */
  SigningIn: 'Signing you in...',
  /** The automatic sign-in failed (spec, section 4). */
  SignInToContinue: 'Your charity account has been created. Please sign in to reach your dashboard.',
} as const;

export type RegistrationOutcome =
  | { kind: 'charity-registered'; charityName: string }
  | { kind: 'email-registered' }
  | { kind: 'field'; field: 'charityRegistrationNumber' | 'email' | 'password'; message: string };

/** Routes a failed `register-charity` call to a modal or to the field its message belongs under. */
export function registrationOutcome(error: unknown): RegistrationOutcome {
  if (!isApiError(error)) return { kind: 'field', field: 'email', message: RegistrationMessage.Failed };
  if (error.isDuplicate)
    return { kind: 'charity-registered', charityName: error.charityName ?? 'This charity' };
  if (error.code === ErrorCode.EmailExists) return { kind: 'email-registered' };
  if (error.code === ErrorCode.RegistrationCapReached)
    return { kind: 'field', field: 'email', message: RegistrationMessage.RegistrationCap };
  if (error.isRateLimit || error.status === 429) {
    // Per email, and per address per day, the wait runs to midnight: "try again tomorrow".
    const message =
      error.rateLimitType === 'email' || (error.waitTime ?? 0) > 3600
        ? RegistrationMessage.RateLimitEmail
        : RegistrationMessage.RateLimitOther;
    return { kind: 'field', field: 'email', message };
  }
  if (error.field === 'charityRegistrationNumber')
    return { kind: 'field', field: 'charityRegistrationNumber', message: error.message };
  if (error.field === 'password')
    return {
      kind: 'field',
      field: 'password',
      message:
        error.code === ErrorCode.PasswordBreached ? PasswordMessage.Breached : PasswordMessage.WeakOnServer,
    };
  if (error.code === ClientErrorCode.Network)
    return { kind: 'field', field: 'email', message: NETWORK_ERROR_MESSAGE };
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse)
    return { kind: 'field', field: 'email', message: RegistrationMessage.Unavailable };
  return { kind: 'field', field: 'email', message: error.message || RegistrationMessage.Failed };
}

/** Where a failed reset or change of password is shown: the current password's field, the new one's, or the form. */
export function passwordUpdateFailure(
  error: unknown,
  fallback: string,
): { field: 'current' | 'password' | 'form'; message: string } {
  if (isApiError(error) && error.field === 'currentPassword')
    return { field: 'current', message: error.message };
  if (isApiError(error) && error.code === ErrorCode.PasswordBreached)
    return { field: 'password', message: PasswordMessage.Breached };
  return { field: 'form', message: fallback };
}
