import { stripeAccounts } from './payments-accounts';
import { type PaymentsEnv, secretKeyReader } from './payments-config';
import { stripeCaller } from './payments-http';
import type { PaymentsPort } from './payments-port';
import { stripeRefunds } from './payments-refunds';
import { stripeSessions } from './payments-sessions';
import { stripePayouts } from './payout-lines';

/**
 * The payments adapter: one port (`payments-port.ts`) the rest of the code imports from here, made of one part
 * per Stripe resource over one HTTP caller (`payments-http.ts`): accounts and onboarding
 * (`payments-accounts.ts`), Checkout Sessions and what a paid one made (`payments-sessions.ts`), refunds
 * (`payments-refunds.ts`), payouts (`payout-lines.ts`). Stripe itself in AWS, the local Stripe
 * (`infra/local/stripe`) on the local cloud: the same code path.
 */
export {
  PaymentsEnv,
  WebhookSecretsEnv,
  webhookSigningSecret,
} from './payments-config';
export { STRIPE_API_VERSION, stripeError } from './payments-http';
export * from './payments-port';

/** Stripe Connect through the REST API (no SDK), one part per resource. */
export function stripePayments(opts: {
  secretKey: () => Promise<string>;
  baseUrl?: string;
  fetch?: typeof fetch;
}): PaymentsPort {
  const call = stripeCaller(opts);
  return {
    ...stripeAccounts(call),
    ...stripeSessions(call),
    ...stripeRefunds(call),
    ...stripePayouts(call),
  };
}

/** The configured adapter; the Stripe key is read on first use (`payments-config.ts`). */
export function createPayments(env: PaymentsEnv): PaymentsPort {
  return stripePayments({ secretKey: secretKeyReader(env), baseUrl: env.STRIPE_API_BASE_URL });
}
