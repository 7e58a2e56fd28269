import { defineRoutes } from '../route';
import { EmptyRequest, SuccessResponse } from '../schemas/common';
import {
  AccountPreferencesResponse,
  CleanupProfileImageRequest,
  DisplayNameResponse,
  LinkTestPaymentAccountRequest,
  NotificationPreferencesResponse,
  PaymentAccountResponse,
  PreferredEmailResponse,
  RemoveProfileImageResponse,
  SaveNotificationPreferencesRequest,
  SavePreferredEmailRequest,
  SetProfileImageRequest,
  SetProfileImageResponse,
  StartPaymentOnboardingResponse,
  UpdateDisplayNameRequest,
} from '../schemas/preferences';

/** Account preferences (issue 10): display name, email preferences, profile image, payments. */
export const preferenceRoutes = defineRoutes({
  'get-account-preferences': {
    method: 'GET',
    path: '/api/me/preferences',
    auth: 'charity',
    request: EmptyRequest,
    response: AccountPreferencesResponse,
    summary: "The caller's names, emails, profile image, email preferences and payment status.",
  },
  'update-display-name': {
    method: 'PUT',
    path: '/api/me/preferences/display-name',
    auth: 'charity',
    request: UpdateDisplayNameRequest,
    response: DisplayNameResponse,
    summary: 'Sets the name donors see (trimmed, 1 to 100 characters).',
  },
  'save-preferred-email': {
    method: 'PUT',
    path: '/api/me/preferences/email/preferred',
    auth: 'charity',
    request: SavePreferredEmailRequest,
    response: PreferredEmailResponse,
    summary: 'Upserts the preferred contact email (null when empty).',
  },
  'save-notification-preferences': {
    method: 'PUT',
    path: '/api/me/preferences/email/notifications',
    auth: 'charity',
    request: SaveNotificationPreferencesRequest,
    response: NotificationPreferencesResponse,
    summary: 'Upserts the two notification toggles (tips, performance updates).',
  },
  'set-profile-image': {
    method: 'POST',
    path: '/api/me/preferences/profile-image',
    auth: 'charity',
    request: SetProfileImageRequest,
    response: SetProfileImageResponse,
    timeoutSeconds: 15,
    summary: 'Records an uploaded, checked profile image and deletes the one it replaces.',
  },
  'remove-profile-image': {
    method: 'DELETE',
    path: '/api/me/preferences/profile-image',
    auth: 'charity',
    request: EmptyRequest,
    response: RemoveProfileImageResponse,
    timeoutSeconds: 15,
    summary: "Removes the caller's profile image (back to initials) and deletes its file; idempotent.",
  },
  'cleanup-profile-image': {
    method: 'POST',
    path: '/api/cleanup-profile-image',
    auth: 'charity',
    request: CleanupProfileImageRequest,
    response: SuccessResponse,
    summary: "Deletes a replaced profile image file of the caller's own charity.",
  },
  'start-payment-onboarding': {
    method: 'POST',
    path: '/api/me/preferences/payments/onboarding',
    auth: 'charity',
    request: EmptyRequest,
    response: StartPaymentOnboardingResponse,
    timeoutSeconds: 20,
    summary: "Creates the charity's Stripe Express account if needed and an onboarding link to it.",
  },
  'complete-payment-onboarding': {
    method: 'POST',
    path: '/api/me/preferences/payments/onboarding/complete',
    auth: 'charity',
    request: EmptyRequest,
    response: PaymentAccountResponse,
    timeoutSeconds: 15,
    summary: 'After Stripe onboarding: checks the account and stores it as the payment account.',
  },
  'link-test-payment-account': {
    method: 'POST',
    path: '/api/me/preferences/payments/test-account',
    auth: 'charity',
    request: LinkTestPaymentAccountRequest,
    response: PaymentAccountResponse,
    summary: 'Test mode only (local cloud): links a typed payment account id (acct_...).',
  },
});

/** Routes that talk to the payment provider: in AWS they get its secret key (Secrets Manager). */
export const paymentProviderRouteIds = ['start-payment-onboarding', 'complete-payment-onboarding'] as const;
