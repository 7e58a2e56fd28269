/**
 * Account preferences (charity-area spec, "Account Preferences", sections 5, 8 and 9): display name, email
 * preferences, profile image and payments. Shared by the browser and the API so both say the same thing.
 */

import { brand } from './brand';
import { MAX_PROFILE_IMAGE_BYTES, MediaMessage } from './media';
import { hasHiddenCharacters, normalizeName } from './names';

/** Display name: what donors see. At most this many characters, counted after trimming. */
export const DISPLAY_NAME_MAX = 100;

/** Success and save messages vanish after this long (spec section 9: success toast/message 3 s). */
export const SAVE_MESSAGE_MS = 3000;

/** The query parameter Stripe's return and refresh URLs carry back to the payments page. */
export const STRIPE_RETURN_PARAM = 'stripe';

export const PreferenceMessage = {
  NotAuthenticated: 'User not authenticated',
  DisplayNameEmpty: 'Display name cannot be empty',
  DisplayNameTooLong: `Display name must be ${DISPLAY_NAME_MAX} characters or less`,
  DisplayNameControl:
    'Display name cannot contain line breaks, control characters, or invisible or text-direction characters',
  InvalidEmail: 'Please enter a valid email address',
  NotAnImage: MediaMessage.NotAnImage,
  ImageTooLarge: MediaMessage.ImageTooLarge,
  ProfileImageNotFound: 'Profile image not found',
  NotYourCharity: 'You can only change your own charity.',
  NotAProfileImage: 'oldProfileImageName must be the file name of one of your profile images.',
  CurrentProfileImage: 'This is your current profile image, so it was not removed.',
  ProfileImageChanged: 'Your profile image was changed in another window. Please reload and try again.',
  UploadUsed: 'This upload has already been saved. Please choose the image again.',
  CharityNotFound: 'Charity data not found',
  PaymentsUnavailable: 'Payment setup is temporarily unavailable. Please try again in a moment.',
  PaymentAccountMissing:
    'We could not find your payment account at Stripe. Please start the payment setup again.',
  StripeNeedsDetails:
    'Stripe still needs a few details before your account can receive donations. Choose Continue with Stripe to finish.',
  NoOnboardingStarted: 'Payment setup has not been started yet. Choose Connect with Stripe to begin.',
  HmrcReferenceFormat:
    'Please enter your HMRC charity reference as HMRC gives it: up to two letters then numbers, like AB12345.',
  HmrcReferenceSaved: 'HMRC charity reference saved. Donors can now add Gift Aid.',
  HmrcReferenceRemoved: 'HMRC charity reference removed. Donors are no longer offered Gift Aid.',
  HmrcReferenceRequired: 'Please enter your HMRC charity reference.',
} as const;

/** Success lines the preference pages show for three seconds. */
export const PreferenceSuccess = {
  DisplayName: 'Display name updated successfully!',
  Email: 'Email preferences saved successfully!',
  ProfileImage: 'Profile image updated successfully!',
  ProfileImageRemoved: 'Profile image removed. Donors now see your initials.',
  PaymentsLinked: 'Payment account connected successfully!',
} as const;

/** Failure lines of the preference pages (spec section 8), with the server's message where it has one. */
export const PreferenceFailure = {
  DisplayName: (message?: string) =>
    message ? `Failed to update display name: ${message}` : 'Failed to update display name',
  PreferredEmail: (message: string) => `Failed to save preferred email: ${message}`,
  Notifications: (message: string) => `Failed to save notification preferences: ${message}`,
  Upload: (message: string) => `Upload failed: ${message}`,
  Database: (message: string) => `Database update failed: ${message}`,
  Image: 'Failed to upload image',
  RemoveImage: (message: string) => `Failed to remove profile image: ${message}`,
  RemoveImageGeneric: 'Failed to remove profile image',
  HmrcReference: (message: string) => `Failed to save the HMRC charity reference: ${message}`,
} as const;

/** Claims shown on the payments page (spec section 1 and 9). */
export const PaymentFacts = {
  platformFee: `${brand.productName} takes no fees: 100% of every donation goes to your charity.`,
  processing:
    'The card payment provider charges 1.4% plus 20p per transaction, so a £100 donation leaves £98.40.',
  ownAccount:
    'Each charity has its own connected account at the payment provider: donations go straight to you.',
} as const;

/** The display-name problem to show, or null (the value is normalised and trimmed first, as it is stored). */
export function displayNameError(value: string): string | null {
  const trimmed = normalizeName(value);
  if (!trimmed) return PreferenceMessage.DisplayNameEmpty;
  if (trimmed.length > DISPLAY_NAME_MAX) return PreferenceMessage.DisplayNameTooLong;
  if (hasHiddenCharacters(trimmed)) return PreferenceMessage.DisplayNameControl;
  return null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The preferred contact email problem to show, or null; empty is fine (saved as null). */
export function preferredEmailError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  return trimmed.length <= 254 && EMAIL_SHAPE.test(trimmed) ? null : PreferenceMessage.InvalidEmail;
}

/** The preferred contact email as stored: trimmed, or null when empty. */
export function normalisePreferredEmail(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed : null;
}

/** An HMRC charity reference is at most this long once spaces are taken out (`AB12345`). */
export const HMRC_REFERENCE_MAX = 7;

/**
 * The HMRC charity reference as stored: spaces taken out and letters in capitals; null when empty (no
 * reference). Check it with {@link hmrcReferenceError} first.
 */
export function normaliseHmrcReference(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}

/**
 * The HMRC charity reference problem to show, or null. References are as HMRC issues them: up to two letters
 * then digits (`AB12345`, `X1234`), or digits alone, at most 7 characters; spaces are ignored and empty is fine
 * (it removes the reference).
 */
export function hmrcReferenceError(value: string | null | undefined): string | null {
  const compact = normaliseHmrcReference(value);
  if (compact === null) return null;
  return /^[A-Z]{0,2}\d{3,7}$/.test(compact) && compact.length <= HMRC_REFERENCE_MAX
    ? null
    : PreferenceMessage.HmrcReferenceFormat;
}

/** Profile images are stored as `{charityId}/profile_{timestamp}_{random}.jpg`; this is the file name part. */
export const PROFILE_IMAGE_NAME = /^profile_\d{10,16}_[0-9a-f]{12}\.jpg$/;

/** The file name of a profile image key of this charity, or null when the key is not one. */
export function profileImageNameOf(charityId: string, key: string): string | null {
  const prefix = `${charityId}/`;
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  return PROFILE_IMAGE_NAME.test(name) ? name : null;
}

/** The chosen file's problem before any upload (type, then size), or null. */
export function profileImageFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return PreferenceMessage.NotAnImage;
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return PreferenceMessage.ImageTooLarge;
  return null;
}
