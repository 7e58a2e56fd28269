import { brand } from './brand';

/**
 * The payout account's guards (issue 41, items 9 and 10): connecting or changing the payout account, and
 * turning two-step sign-in off while one is connected, also prove control of the register's email with a fresh
 * 6-digit code (the vetting code's mechanism); a change of an existing account waits 72 hours, and either
 * mailed address can cancel it. The words the web and the functions share (the spec has none for this).
 */

/** A change of an existing payout account takes effect this long after it is asked for (decision 04.7). */
export const PAYOUT_CHANGE_HOLD_HOURS = 72;
/** A payout code lives this long once sent. */
export const PAYOUT_CODE_MINUTES = 15;
/** A proved code lets the charity finish what it started (Stripe's pages, then back) for this long. */
export const PAYOUT_PROOF_MINUTES = 60;

export const PayoutMessage = {
  CodeRequired:
    'To protect where donations are paid, we need a code sent to the email address the Charity Commission holds for your charity. Send a code, then enter it here.',
  CodeFormat: 'Enter the 6-digit code from the email.',
  CodeSent: 'We have sent a 6-digit code to the email address the Charity Commission holds for your charity.',
  CodeWrong: 'That code did not match. Check the latest email we sent to your charity and try again.',
  CodeExpired: 'This code has expired. Please send a new code.',
  CodeVoid: 'Too many wrong attempts for this code. Please send a new code.',
  NoRegisterEmail:
    'The Charity Commission register holds no email address for your charity, so we cannot send a code. Please contact our support team.',
  ChangeHeld: (when: string) =>
    `Your new payout account is saved. It takes over on ${when}; until then donations keep going to your current account.`,
  ChangeCancelled: `Done. The change of payout account has been cancelled and the account is locked, so nobody can sign in and change it again. Our support team will contact you; you can also reach them at ${brand.supportEmail} or ${brand.supportPhone}.`,
  ChangeGone: `This change has already taken effect or been cancelled, or this link has expired. If you did not ask for it, please contact our support team at ${brand.supportEmail} or call ${brand.supportPhone} straight away.`,
  RefundNeedsTwoStep:
    'Refunds need two-step sign-in while a payout account is connected. Turn it on in Settings, then sign in again with a code from your authenticator app.',
} as const;
