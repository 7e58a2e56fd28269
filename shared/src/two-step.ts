import { brand } from './brand';

/**
 * Two-step sign-in (TOTP, Cognito's software-token MFA): the words the web and the functions share, and the
 * shape of a code. Turning it on ends every session; connecting or changing the payment account, and deleting
 * an account that has one, need a session signed in with a code (docs/trust-rules.md).
 */
export const TWO_STEP_CODE_DIGITS = 6;

export const TwoStepMessage = {
  CodeFormat: 'Enter the 6-digit code from your authenticator app.',
  CodeWrong: 'That code did not match. Enter the code your authenticator app shows now.',
  CodeUsed: 'That code has already been used. Wait for the next code in your app and enter it.',
  PasswordRequired: 'Current password is required',
  SignInTimedOut: 'Your sign-in took too long. Please enter your email and password again.',
  TurnedOn:
    'Two-step sign-in is on. Sign in again with your password and a code from your authenticator app.',
  TurnedOff: 'Two-step sign-in is off. You sign in with your password only.',
  RequiredForPayments:
    'To connect or change your payment account, turn on two-step sign-in in Settings, then sign in again with a code from your authenticator app.',
  RequiredForDeletion:
    'This account has a payment account connected. To delete it, turn on two-step sign-in in Settings, then sign in again with a code from your authenticator app.',
} as const;

/** The name an authenticator app lists the account under, and the `issuer` of the otpauth:// URI. */
export const TWO_STEP_ISSUER = brand.productName;

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format: SHA-1, 6 digits, 30 s). */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TWO_STEP_ISSUER}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer: TWO_STEP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TWO_STEP_CODE_DIGITS),
    period: '30',
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** A secret as people type it: groups of four. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
