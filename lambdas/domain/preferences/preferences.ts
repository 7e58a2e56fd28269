import type {
  AccountPreferencesResponse,
  DisplayNameResponse,
  NotificationPreferencesResponse,
  PreferredEmailResponse,
} from '@shared/api/schemas/preferences';
import { PreferenceMessage } from '@shared/preferences';
import type { CharityData } from '../../data/charities';
import { NotFoundItemError, type PreferenceData } from '../../data/preferences';
import type { Clock } from '../../lib/clock';
import { NotFoundError } from '../../lib/http-errors';
import { pendingChangeOf, settlePayoutChange } from './payout-change';

export interface PreferenceDeps {
  prefs: PreferenceData;
  clock: Clock;
}

const notFound = () => new NotFoundError(PreferenceMessage.CharityNotFound);
const rethrowNotFound = (error: unknown): never => {
  throw error instanceof NotFoundItemError ? notFound() : error;
};

/** Everything the preference pages show, for the caller's own charity. */
export async function getAccountPreferences(
  deps: Pick<PreferenceDeps, 'prefs' | 'clock'> & {
    charities: Pick<CharityData, 'applyPayoutChange' | 'getProfile'>;
  },
  userId: string,
): Promise<AccountPreferencesResponse> {
  const [profile, emailPrefs, finished] = await Promise.all([
    // A held payout change whose hold has passed takes effect here too (decision 04.7).
    deps.charities.getProfile(userId).then((p) => settlePayoutChange(deps, userId, p)),
    deps.prefs.getEmailPreferences(userId),
    deps.prefs.finishedSetup(userId),
  ]);
  if (!profile) throw notFound();
  const stripeAccountId = profile.stripe_account_id ?? null;
  return {
    success: true,
    charity: {
      id: userId,
      charity_name: profile.charity_name,
      display_name: profile.display_name ?? null,
      email: profile.email,
      profile_image_name: profile.profile_image_name ?? null,
    },
    email_preferences: {
      preferred_email: emailPrefs.preferred_email,
      tips_notifications: emailPrefs.tips_notifications,
      performance_updates: emailPrefs.performance_updates,
      updated_at: emailPrefs.updated_at,
    },
    payments: {
      stripe_account_id: stripeAccountId,
      onboarding_started: !stripeAccountId && Boolean(profile.stripe_onboarding_account_id),
      finished_setting_up_account: finished,
      charges_enabled: Boolean(stripeAccountId && profile.stripe_charges_enabled),
      hmrc_reference: profile.hmrc_reference ?? null,
      pending_change: pendingChangeOf(profile.payout_change),
    },
  };
}

/** Sets the display name (already trimmed and checked by the request schema). */
export async function updateDisplayName(
  deps: Pick<PreferenceDeps, 'prefs'>,
  userId: string,
  displayName: string,
): Promise<DisplayNameResponse> {
  await deps.prefs.setDisplayName(userId, displayName).catch(rethrowNotFound);
  return { success: true, display_name: displayName };
}

/** Upserts the preferred contact email (null when empty). */
export async function savePreferredEmail(
  deps: PreferenceDeps,
  userId: string,
  preferredEmail: string | null,
): Promise<PreferredEmailResponse> {
  const now = deps.clock.now();
  await deps.prefs.savePreferredEmail(userId, preferredEmail, now).catch(rethrowNotFound);
  return { success: true, preferred_email: preferredEmail, updated_at: now.toISOString() };
}

/** Upserts the two notification toggles. */
export async function saveNotificationPreferences(
  deps: PreferenceDeps,
  userId: string,
  toggles: { tips_notifications: boolean; performance_updates: boolean },
): Promise<NotificationPreferencesResponse> {
  const now = deps.clock.now();
  await deps.prefs.saveNotifications(userId, toggles, now).catch(rethrowNotFound);
  return { success: true, ...toggles, updated_at: now.toISOString() };
}

/** Sets or removes the HMRC charity reference (checked and normalised by the request schema). */
export async function saveHmrcReference(
  deps: { charities: Pick<CharityData, 'setHmrcReference'> },
  userId: string,
  reference: string | null,
): Promise<{ success: true; hmrc_reference: string | null }> {
  if (!(await deps.charities.setHmrcReference(userId, reference))) throw notFound();
  return { success: true, hmrc_reference: reference };
}
