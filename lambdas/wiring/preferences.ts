import type { Logger } from '@aws-lambda-powertools/logger';
import { s3MediaStore } from '../adapters/media-store';
import { createPayments, PaymentsEnv } from '../adapters/payments';
import { charityData } from '../data/charities';
import { notMeTokens } from '../data/not-me-tokens';
import { preferenceData } from '../data/preferences';
import { createTable } from '../data/table';
import { uploadData } from '../data/uploads';
import type {
  completePaymentOnboarding,
  PaymentCaller,
  startPaymentOnboarding,
} from '../domain/preferences/payments';
import type { sendPayoutCode } from '../domain/preferences/payout-guard';
import type {
  getAccountPreferences,
  saveHmrcReference,
  saveNotificationPreferences,
} from '../domain/preferences/preferences';
import type { setProfileImage } from '../domain/preferences/profile-image';
import { requireTwoStepSession } from '../domain/security/two-step';
import { systemClock } from '../lib/clock';
import { AccountEnv, BaseEnv, MediaEnv, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { mailSender } from './mail';
import { payoutGuardDeps } from './payout-guard';
import { twoStepGuardDeps } from './two-step';

/** update-display-name, save-preferred-email, save-notification-preferences. */
export function preferenceDeps(): DepsOf<typeof saveNotificationPreferences> {
  return { prefs: preferenceData(createTable(readEnv(BaseEnv).TABLE_NAME)), clock: systemClock };
}

export function accountPreferencesDeps(): DepsOf<typeof getAccountPreferences> {
  const table = createTable(readEnv(BaseEnv).TABLE_NAME);
  return { prefs: preferenceData(table), charities: charityData(table), clock: systemClock };
}

/** send-payout-code. */
export function sendPayoutCodeDeps(): DepsOf<typeof sendPayoutCode> {
  const { env, table } = readEnvAndTable(AccountEnv);
  return { ...payoutGuardDeps(table), email: mailSender(env, table) };
}

/** set-profile-image, remove-profile-image and cleanup-profile-image. */
export function profileImageDeps(): (logger: Logger) => DepsOf<typeof setProfileImage> {
  const { env, table } = readEnvAndTable(MediaEnv);
  const base = {
    prefs: preferenceData(table),
    uploads: uploadData(table),
    media: s3MediaStore(env.MEDIA_BUCKET),
    clock: systemClock,
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}

/** complete-payment-onboarding (and, with the site URL, start-payment-onboarding). */
export function paymentDeps(): (logger: Logger) => DepsOf<typeof completePaymentOnboarding> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const guard = twoStepGuardDeps();
  const charities = charityData(table);
  const base = {
    prefs: preferenceData(table),
    payments: createPayments(readEnv(PaymentsEnv)),
    table,
    requireTwoStep: (caller: PaymentCaller) => requireTwoStepSession(guard, caller, 'payments'),
    email: mailSender(env, table),
    profileOf: charities.getProfile,
    setChargesEnabled: charities.setChargesEnabled,
    clock: systemClock,
    guard: payoutGuardDeps(table),
    charities,
    notMe: { tokens: notMeTokens(table), siteUrl: env.SITE_URL },
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}

export function startPaymentDeps(): DepsOf<typeof startPaymentOnboarding> {
  const env = readEnv(BaseEnv.extend({ SITE_URL: AccountEnv.shape.SITE_URL }));
  const guard = twoStepGuardDeps();
  const table = createTable(env.TABLE_NAME);
  return {
    prefs: preferenceData(table),
    payments: createPayments(readEnv(PaymentsEnv)),
    siteUrl: env.SITE_URL,
    requireTwoStep: (caller) => requireTwoStepSession(guard, caller, 'payments'),
    guard: payoutGuardDeps(table),
  };
}

export function hmrcReferenceDeps(): DepsOf<typeof saveHmrcReference> {
  return { charities: charityData(createTable(readEnv(BaseEnv).TABLE_NAME)) };
}
