import type { Logger } from '@aws-lambda-powertools/logger';
import { createPayments, PaymentsEnv, WebhookSecretsEnv, webhookSigningSecret } from '../adapters/payments';
import { charityData, takesCharges, visibleToDonors } from '../data/charities';
import { donationData } from '../data/donations';
import { payoutData } from '../data/payouts';
import { rateLimits } from '../data/rate-limits';
import { stripeEventData } from '../data/stripe-events';
import type { createDonation } from '../domain/giving/create-donation';
import type { getDonationStatus } from '../domain/giving/donation-status';
import type { receiveConnectEvent, receivePlatformEvent } from '../domain/giving/stripe-events';
import { systemClock } from '../lib/clock';
import { AccountEnv, BaseEnv, readEnv } from '../lib/env';
import { newDonationId } from '../lib/secrets';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { GivingEnv, stageCardFee } from './giving-env';
import { mailSender } from './mail';

export { GivingEnv };

export function createDonationDeps(): DepsOf<typeof createDonation> {
  const { table } = readEnvAndTable(BaseEnv);
  const giving = readEnv(GivingEnv);
  return {
    charities: charityData(table),
    donations: donationData(table),
    givingChecks: (userId, accountId) => [
      visibleToDonors(table.name, userId),
      takesCharges(table.name, userId, accountId),
    ],
    payments: createPayments(readEnv(PaymentsEnv)),
    rates: rateLimits(table),
    giving: {
      open: giving.GIVING_OPEN === 'true',
      cardFee: stageCardFee(),
      siteUrl: giving.SITE_URL,
    },
    clock: systemClock,
    newId: newDonationId,
  };
}

export function donationStatusDeps(): DepsOf<typeof getDonationStatus> {
  const { table } = readEnvAndTable(BaseEnv);
  return { donations: donationData(table) };
}

export function platformWebhookDeps(): (logger: Logger) => DepsOf<typeof receivePlatformEvent> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const giving = readEnv(GivingEnv);
  const base = {
    signingSecret: webhookSigningSecret(readEnv(WebhookSecretsEnv), 'platform'),
    livemode: giving.STRIPE_LIVEMODE === 'true',
    events: stripeEventData(table),
    donations: donationData(table),
    charities: charityData(table),
    payments: createPayments(readEnv(PaymentsEnv)),
    rates: rateLimits(table),
    email: mailSender(env, table),
    siteUrl: env.SITE_URL,
    clock: systemClock,
  };
  return (logger) => ({
    ...base,
    warn: warnTo(logger),
    alarm: (message, extra) => logger.error(message, extra),
  });
}

export function connectWebhookDeps(): (logger: Logger) => DepsOf<typeof receiveConnectEvent> {
  const { table } = readEnvAndTable(BaseEnv);
  const giving = readEnv(GivingEnv);
  const base = {
    signingSecret: webhookSigningSecret(readEnv(WebhookSecretsEnv), 'connect'),
    livemode: giving.STRIPE_LIVEMODE === 'true',
    events: stripeEventData(table),
    charities: charityData(table),
    clock: systemClock,
    // Payouts (issue 33): recorded with their balance transactions, read from Stripe.
    payouts: payoutData(table),
    payments: createPayments(readEnv(PaymentsEnv)),
  };
  return (logger) => ({
    ...base,
    warn: warnTo(logger),
    alarm: (message, extra) => logger.error(message, extra),
  });
}
