import type { StripeCall } from './payments-http';
import { textOf } from './payments-http';
import { PaymentsError, type PaymentsPort } from './payments-port';

type Onboarding = Parameters<PaymentsPort['startOnboarding']>[0];

/** `POST /v1/accounts`: the charity's Express account (checked against `Stripe.AccountCreateParams`). */
export const accountParams = (input: Pick<Onboarding, 'charityId' | 'email'>) => ({
  type: 'express' as const,
  country: 'GB',
  email: input.email,
  business_type: 'non_profit' as const,
  capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  metadata: { charity_id: input.charityId },
});

/** `POST /v1/account_links`: a single-use onboarding link (checked against `Stripe.AccountLinkCreateParams`). */
export const accountLinkParams = (
  accountId: string,
  input: Pick<Onboarding, 'returnUrl' | 'refreshUrl'>,
) => ({
  account: accountId,
  type: 'account_onboarding' as const,
  refresh_url: input.refreshUrl,
  return_url: input.returnUrl,
});

/** Connect's Express accounts, onboarded with single-use account links. */
export function stripeAccounts(call: StripeCall): Pick<PaymentsPort, 'startOnboarding' | 'getAccount'> {
  return {
    async startOnboarding(input) {
      let accountId = input.existingAccountId;
      if (!accountId) {
        // One account per charity even when two starts race (Stripe keeps keys for 24 hours).
        const account = await call<{ id?: unknown }>('POST', '/v1/accounts', accountParams(input), {
          idempotencyKey: `kindred-express-account-${input.charityId}`,
        });
        if (typeof account.id !== 'string') {
          throw new PaymentsError('unavailable', 'Stripe answered without an account id');
        }
        accountId = account.id;
      }
      const link = await call<{ url?: unknown }>(
        'POST',
        '/v1/account_links',
        accountLinkParams(accountId, input),
      );
      if (typeof link.url !== 'string') {
        throw new PaymentsError('unavailable', 'Stripe answered without a link');
      }
      return { accountId, url: link.url };
    },
    async getAccount(accountId) {
      const account = await call<{
        id?: unknown;
        details_submitted?: unknown;
        charges_enabled?: unknown;
        payouts_enabled?: unknown;
        metadata?: Record<string, unknown> | null;
      }>('GET', `/v1/accounts/${encodeURIComponent(accountId)}`);
      return {
        id: typeof account.id === 'string' ? account.id : accountId,
        charityId: textOf(account.metadata?.charity_id),
        detailsSubmitted: account.details_submitted === true,
        chargesEnabled: account.charges_enabled === true,
        payoutsEnabled: account.payouts_enabled === true,
      };
    },
  };
}
