/**
 * The error catalogue without zod: what the functions and the web's pages import, so that neither a
 * function's start nor a public page's first load carries zod (about 26 KB gzipped in the browser). The
 * error body's schema, which the web client checks answers with in its lazily loaded `callApi`
 * (web/src/lib/api-call.ts), is in `error-body.ts`, which re-exports all of this.
 */
export type { ErrorBody, ErrorFlags } from './error-body';

/**
 * Stable error codes of the API: the closed list, one catalogue for lambdas and web. The message a user sees
 * travels beside the code in the spec's words; clients branch on the code, never on the message.
 */
export const ErrorCode = {
  // The pipeline's own (lambdas/lib): any route may answer them.
  InvalidJson: 'INVALID_JSON',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  SessionEnded: 'SESSION_ENDED',
  Forbidden: 'FORBIDDEN',
  CrossOrigin: 'CROSS_ORIGIN',
  NotFound: 'NOT_FOUND',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
  // Registration, verification, password reset and the live switch.
  CharityAlreadyRegistered: 'CHARITY_ALREADY_REGISTERED',
  EmailExists: 'EMAIL_EXISTS',
  /** The number was registered as often as a 30-day window allows (429, `isRateLimit`): only support can help. */
  RegistrationCapReached: 'REGISTRATION_CAP_REACHED',
  UsernameTaken: 'USERNAME_TAKEN',
  CharityNotFound: 'CHARITY_NOT_FOUND',
  NotVerified: 'NOT_VERIFIED',
  AlreadyVerified: 'ALREADY_VERIFIED',
  NoRegisterEmail: 'NO_REGISTER_EMAIL',
  VerificationLocked: 'VERIFICATION_LOCKED',
  CodeInvalid: 'CODE_INVALID',
  CodeUsed: 'CODE_USED',
  CodeExpired: 'CODE_EXPIRED',
  CodeVoid: 'CODE_VOID',
  InvalidResetToken: 'INVALID_RESET_TOKEN',
  /** The new password is on the breached-password list (400, on the password's field). */
  PasswordBreached: 'PASSWORD_BREACHED',
  EmailSuppressed: 'EMAIL_SUPPRESSED',
  NotLiveable: 'NOT_LIVEABLE',
  /** 403: the payment account (or deleting an account that has one) needs a session signed in with TOTP. */
  MfaRequired: 'MFA_REQUIRED',
  /** 403: a payout change (or turning two-step off with one connected) needs a code sent to the register's email. */
  RegisterCodeRequired: 'REGISTER_CODE_REQUIRED',
  // Media, main pages and explore.
  UploadNotFound: 'UPLOAD_NOT_FOUND',
  UploadMissing: 'UPLOAD_MISSING',
  UploadMismatch: 'UPLOAD_MISMATCH',
  UploadUsed: 'UPLOAD_USED',
  NameTaken: 'NAME_TAKEN',
  PageChanged: 'PAGE_CHANGED',
  PageIsLive: 'PAGE_IS_LIVE',
  ExploreChanged: 'EXPLORE_CHANGED',
  ExploreIncomplete: 'EXPLORE_INCOMPLETE',
  // Preferences and locations.
  ChangedMeanwhile: 'CHANGED_MEANWHILE',
  PaymentAccountMissing: 'PAYMENT_ACCOUNT_MISSING',
  NoOnboarding: 'NO_ONBOARDING',
  LocationNotFound: 'LOCATION_NOT_FOUND',
  // Giving.
  GivingClosed: 'GIVING_CLOSED',
  NotTakingDonations: 'NOT_TAKING_DONATIONS',
  GiftAidUnavailable: 'GIFT_AID_UNAVAILABLE',
  BadSignature: 'BAD_SIGNATURE',
  // Posts (issue 44).
  /** 403: the stage's `updates.open` switch is closed. */
  UpdatesClosed: 'UPDATES_CLOSED',
  PostChanged: 'POST_CHANGED',
  // Following (issue 44): a mailed link that is not ours, expired (410) or already used (409).
  FollowLinkInvalid: 'FOLLOW_LINK_INVALID',
  FollowLinkExpired: 'FOLLOW_LINK_EXPIRED',
  FollowLinkUsed: 'FOLLOW_LINK_USED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** Generic messages for failures the spec does not word itself. */
export const ErrorMessage = {
  InvalidJson: 'The request body must be valid JSON.',
  UnsupportedMediaType: 'The request body must be sent as JSON (Content-Type: application/json).',
  PayloadTooLarge: 'The request is too large.',
  NotAnObject: 'The request body must be a JSON object.',
  InvalidInput: 'Some of the information sent is missing or not in the right format.',
  Unauthorized: 'Please sign in to continue.',
  SessionEnded: 'Your session has ended. Please sign in again.',
  Forbidden: 'You do not have permission to do that.',
  CrossOrigin: 'This request must come from our own website. Please use the site to do this.',
  NotFound: 'Not found.',
  MethodNotAllowed: 'That method is not allowed here.',
  Internal: 'Something went wrong on our side. Please try again in a moment.',
  ServiceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  EmailSuppressed:
    'We cannot send email to this address: earlier messages to it bounced or were reported as spam. Please contact support.',
} as const;
