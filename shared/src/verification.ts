import { brand } from './brand';

/** Verification-code rules (public-site spec 5 and 9; charity-area spec 5 and 9; issue 5's caps). */
export const VERIFICATION_CODE_LENGTH = 6;
/** Seconds between verification attempts. */
export const VERIFY_THROTTLE_SECONDS = 5;
/** Seconds between resends (the first wait; later ones grow, see RESEND_WAITS_SECONDS). */
export const RESEND_THROTTLE_SECONDS = 30;
/** Wait before each further resend of an account: 30 s, 1, 2, 5, then 15 minutes. */
export const RESEND_WAITS_SECONDS = [30, 60, 120, 300, 900] as const;
/** Resends per account, and per registration number, per day (UTC). */
export const RESENDS_PER_DAY = 5;
/** Registrations of one registration number per 30 days, whoever makes them. */
export const REGISTRATIONS_PER_NUMBER = { limit: 3, windowDays: 30 } as const;
/**
 * A number past that cap (code REGISTRATION_CAP_REACHED). The spec has no words for it; the wait can be up to
 * 30 days (fixed windows), so the message says so and names support rather than "try again in an hour".
 */
export const REGISTRATION_CAP_MESSAGE = `This charity has been registered too many times recently: a charity number can be registered at most ${REGISTRATIONS_PER_NUMBER.limit} times in ${REGISTRATIONS_PER_NUMBER.windowDays} days, so registering it again may have to wait up to ${REGISTRATIONS_PER_NUMBER.windowDays} days. Please contact our support team at ${brand.supportEmail} and we will help.`;
/** Days a code (and an unverified account) lives. */
export const CODE_VALID_DAYS = 7;
/** Wrong tries after which a code is void and a new one must be sent. */
export const MAX_FAILURES_PER_CODE = 10;
/** Wrong tries in all after which verification locks until the team unlocks it. */
export const MAX_FAILURES_TOTAL = 50;

/**
 * Verification attempts per source (an IPv4 address, or an IPv6 /64), across every number and account: per UTC
 * day and per fixed 30-day window. Every guess is right with probability 1/1,000,000, so one source's chance of
 * verifying any number it does not control in a year is at most (14 windows x 200) / 1,000,000 = 0.28 %
 * (a year touches at most 14 fixed 30-day windows; the daily cap alone would allow 366 x 20 = 7,320).
 */
export const VERIFY_ATTEMPTS_PER_SOURCE = { perDay: 20, per30Days: 200 } as const;
/**
 * The platform-wide brake: when wrong codes across the platform reach `wrongCodesPerHour` in this or the previous
 * clock hour, every account may try a code only once per `throttleSeconds` (instead of every 5 s). The same
 * threshold raises the `VerificationFailures` alarm.
 */
export const VERIFY_BRAKE = { wrongCodesPerHour: 300, throttleSeconds: 60 } as const;

/** Days a complaint keeps mail from an address (a permanent bounce keeps it for good). */
export const COMPLAINT_PAUSE_DAYS = 90;

/**
 * Why the register address gets no more codes (it bounced, or a message was reported as spam), what to do, and
 * how to reach support: shown on the verification page and answered by a refused resend (422 EMAIL_SUPPRESSED).
 */
export const RegisterEmailSuppressedMessage = {
  bounce: `We cannot deliver email to your charity's address on the register: our last message to it was returned as undeliverable, so we have stopped sending codes there. Please contact our support team at ${brand.supportEmail} or call ${brand.supportPhone}, and we will help you verify your charity another way.`,
  complaint: `Our last email to your charity's address on the register was reported as spam, so we have paused sending to it for up to ${COMPLAINT_PAUSE_DAYS} days. If that was a mistake, please contact our support team at ${brand.supportEmail} or call ${brand.supportPhone}, and we will help you verify your charity.`,
} as const;

export const VerificationMessage = {
  CodeFormat: 'Please enter a 6-digit verification code',
  WaitBeforeRetry: 'Please wait a moment before trying again',
  WaitBeforeResend: 'Please wait 30 seconds before requesting another code',
  WaitLongerBeforeResend: (minutes: number) =>
    `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before requesting another code`,
  ResendDailyCap:
    'You have asked for the most codes we can send in one day. Please try again tomorrow, or contact our support team.',
  Invalid: 'Invalid verification code',
  Expired: 'This verification code has expired. Please request a new code.',
  CodeVoid: 'Too many wrong attempts for this code. Please request a new code.',
  Locked:
    'Verification is locked after too many wrong attempts. Please contact our support team to unlock it.',
  TooManyFromSource: `Too many verification codes have been tried from your network recently. Please try again later, or contact our support team at ${brand.supportEmail}.`,
  Braked: `We are seeing many wrong verification codes across ${brand.productName}, so codes can be tried only once a minute for now. Please wait a minute before trying again.`,
  AlreadyVerified: 'Your charity is already verified.',
  Verified: 'Email verified successfully! Redirecting to your dashboard...',
  Resent: 'New verification code sent to your charity email!',
  /** The spec's resend failure (charity-area.md, messages): the mail could not be sent; the charity retries. */
  ResendFailed: 'Failed to resend verification code. Please try again.',
  NoRegisterEmail:
    'The Charity Commission register holds no email address for your charity, so we cannot send a code. Please contact our team and we will verify your charity another way.',
} as const;

/**
 * Only vetted charities (verified against the register's email, not locked) are shown to donors or take
 * payments; these explain a refusal (403, code NOT_VERIFIED).
 */
export const VettingMessage = {
  Explore: 'Verify your charity email before donors can see your explore page.',
  Payments: 'Verify your charity email before connecting a payment account.',
} as const;

/**
 * "This wasn't me" (issue 30, item 9): each verification-code mail carries a link that lets the holder of the
 * register's email remove an unverified registration of its charity and the limits it used up. The spec has no
 * words for it; these are ours, shared by the API, the mail and the page.
 */
export const NotMeMessage = {
  InvalidLink: `This link has expired or has already been used. If someone registered your charity without asking, please contact our support team at ${brand.supportEmail} or call ${brand.supportPhone}.`,
  AlreadyVerified: `This registration has already been verified, so this link can no longer remove it. If nobody at your charity registered it, please contact our support team at ${brand.supportEmail} or call ${brand.supportPhone} straight away and we will look into it.`,
  Removed: (charityName: string) =>
    `Done. The registration has been removed, along with the limits it used up. You can register ${charityName} yourself straight away.`,
  TooMany: 'Too many attempts. Please try again in an hour.',
} as const;
