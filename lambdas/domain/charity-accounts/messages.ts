import { brand } from '@shared/brand';
import { REGISTRATION_NUMBER_FORMAT_MESSAGE } from '@shared/register';
import { REGISTRATION_CAP_MESSAGE } from '@shared/verification';

/** Registration texts: the spec's where it gives them (public-site spec, section 8), ours otherwise. */
export const RegistrationMessage = {
  Success:
    "Registration successful! We've sent a 6-digit verification code to your charity's email address on the Charity Commission register.",
  /** Ours (the spec has no words for it): the account stands, the code mail failed, a resend retries it. */
  SuccessCodeNotSent:
    "Registration successful, but we could not send the verification code to your charity's email just now. Please sign in and choose 'Resend Code' to try again in a few minutes.",
  SuccessNoRegisterEmail:
    'Registration successful! The Charity Commission register holds no email address for your charity, so our team will contact you to verify it.',
  NumberFormat: REGISTRATION_NUMBER_FORMAT_MESSAGE,
  NotOnRegister:
    "We couldn't find a registered charity with this number on the Charity Commission register. Please check the number and try again.",
  Removed: 'This charity has been removed from the Charity Commission register, so it cannot join.',
  AlreadyRegistered: `This charity is already registered on ${brand.productName}.`,
  EmailTaken: `This email address is already registered with a charity account on ${brand.productName}.`,
  RateLimitedEmail: 'Too many registration attempts. Please try again tomorrow.',
  RateLimitedOther: 'Too many registration attempts. Please try again in an hour.',
  RateLimitedNumber: REGISTRATION_CAP_MESSAGE,
  Unavailable: 'Registration service is temporarily unavailable. Please try again in a moment.',
} as const;

export const ResetMessage = {
  Sent: "If a charity account exists for that email address, we've sent a link to reset its password. Please check your inbox.",
  InvalidLink: 'Invalid or expired reset link. Please request a new password reset.',
  TooMany: 'Too many password reset requests. Please try again in an hour.',
} as const;

export const AccountMessage = {
  NotFound: 'Charity data not found',
  CurrentPasswordWrong: 'Current password is incorrect',
  PasswordChanged: 'Password updated successfully.',
  TooManyPasswordChecks: 'Too many attempts. Please wait 15 minutes before trying again.',
} as const;
