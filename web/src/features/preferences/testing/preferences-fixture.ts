import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';

type Payments = AccountPreferencesResponse['payments'];

/** A charity's preferences as the API answers them (nothing set yet), with `payments` overridden. */
export const preferencesFixture = (payments: Partial<Payments> = {}): AccountPreferencesResponse => ({
  success: true,
  charity: {
    id: 'c-1',
    charity_name: 'Hollowmere Riverside Trust',
    display_name: null,
    email: 'office@hollowmere.example',
    profile_image_name: null,
  },
  email_preferences: {
    preferred_email: null,
    tips_notifications: true,
    performance_updates: true,
    updated_at: null,
  },
  payments: {
    stripe_account_id: null,
    onboarding_started: false,
    finished_setting_up_account: false,
    charges_enabled: false,
    hmrc_reference: null,
    pending_change: null,
    ...payments,
  },
});
