import type { RouteRequest } from '@shared/api/routes';
import { PreferenceMessage } from '@shared/preferences';
import {
  callCharityApi,
  uploadCharityMedia,
  useCharityMutation,
  useCharityQuery,
} from '@/features/charity-auth';
import type { PreparedMedia } from '@/lib/media-upload';

/** Every preference call without a session says 'User not authenticated' (spec section 6). */
const asCharity = { noSessionMessage: PreferenceMessage.NotAuthenticated };

/** The signed-in charity's preferences (pass `enabled: signedIn` until the session is known). */
export const usePreferencesQuery = (enabled: boolean) =>
  useCharityQuery('get-account-preferences', {}, { enabled, ...asCharity });

/** The charity's chosen causes (null until it chooses) and the register's, its suggestion (decision 21.4). */
export const useCharityCausesQuery = (enabled: boolean) =>
  useCharityQuery('get-charity-causes', {}, { enabled, ...asCharity });

/** Saves the charity's causes (slugs of the register's list); the answer holds them as stored. */
export const saveCharityCauses = (causes: readonly string[]) =>
  callCharityApi('save-charity-causes', { causes: [...causes] }, asCharity);

export const saveDisplayName = (displayName: string) =>
  callCharityApi('update-display-name', { display_name: displayName }, asCharity);

export const savePreferredEmail = (preferredEmail: string) =>
  callCharityApi('save-preferred-email', { preferred_email: preferredEmail }, asCharity);

export const saveNotifications = (toggles: RouteRequest<'save-notification-preferences'>) =>
  callCharityApi('save-notification-preferences', toggles, asCharity);

export const startPaymentOnboarding = (input: RouteRequest<'start-payment-onboarding'> = {}) =>
  callCharityApi('start-payment-onboarding', input, asCharity);

export const completePaymentOnboarding = (input: RouteRequest<'complete-payment-onboarding'> = {}) =>
  callCharityApi('complete-payment-onboarding', input, asCharity);

/** Mails a fresh 6-digit code to the register's email (payout changes and turning two-step off need it). */
export const sendPayoutCode = () => callCharityApi('send-payout-code', {}, asCharity);

/**
 * Sets (a reference) or removes (null) the HMRC charity reference; the answer holds the reference as stored
 * (spaces out, capitals). The payments page puts it into the preferences it holds.
 */
export const useSaveHmrcReference = () => useCharityMutation('save-hmrc-reference', asCharity);

/** Uploads a prepared profile image, reporting progress from 0 to 1; answers the upload's key. */
export const uploadProfileImage = (media: PreparedMedia, onProgress: (fraction: number) => void) =>
  uploadCharityMedia({ purpose: 'profile-image', media, onProgress }, asCharity);

export const setProfileImage = (key: string) => callCharityApi('set-profile-image', { key }, asCharity);

export const removeProfileImage = () => callCharityApi('remove-profile-image', {}, asCharity);

/**
 * After a profile image was replaced or removed: the API deletes the old file; if that did not happen, the
 * spec's cleanup call retries it in the background (a failure is only logged).
 */
export function cleanUpOldImage(
  charityId: string,
  answer: { old_profile_image_name: string | null; old_image_removed: boolean },
): void {
  if (!answer.old_profile_image_name || answer.old_image_removed) return;
  callCharityApi(
    'cleanup-profile-image',
    { charityId, oldProfileImageName: answer.old_profile_image_name },
    asCharity,
  ).catch((error) => console.warn('Old profile image not cleaned up', error));
}
