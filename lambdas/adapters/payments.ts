import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type EnvOf, envSchema, rule } from '../lib/env';
import { payoutLines } from './payout-lines';

/**
 * The payment provider port: each charity has its own connected account at the provider (spec section 1).
 * One adapter, Stripe's REST API: Stripe itself in AWS, the local Stripe (`infra/local/stripe`) on the local
 * cloud, so both run the same code path (Connect's hosted onboarding for an Express account, Checkout).
 */
export interface PaymentsPort {
  /** Creates an Express account for the charity (unless it has one being onboarded) and an onboarding link. */
  startOnboarding(input: {
    charityId: string;
    email: string;
    existingAccountId: string | null;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ accountId: string; url: string }>;
  /** The state of an account at the provider. */
  getAccount(accountId: string): Promise<PaymentAccountStatus>;
  /**
   * A hosted Checkout page for a donation: a destination charge to the charity's account (settled on its
   * behalf), Kindred's application fee, the donation id in the metadata; idempotent by the donation id.
   */
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** What a payment intent really charged and where the money went (checked before a donation counts as paid). */
  getPaymentIntent(id: string): Promise<PaymentIntentFacts>;
  /** Stripe's real fee on a charge (its balance transaction), in pence. */
  getBalanceTransactionFee(id: string): Promise<number>;
  /** A charge's facts (what a dispute names is its charge: the donation is in the charge's metadata). */
  getCharge(id: string): Promise<ChargeFacts>;
  /**
   * Refunds a donation's whole charge: the transfer to the charity reversed and Kindred's application fee
   * (tip and card fee) returned; keyed by the donation id, so a repeat refunds once and answers the same.
   */
  refundDonation(input: { donationId: string; paymentIntentId: string }): Promise<{ refundId: string }>;
  /** REPORTS (issue 33): what a payout of a connected account paid, line by line (`payout-lines.ts`). */
  listPayoutLines(accountId: string, payoutId: string): Promise<PayoutLine[]>;
}

export interface ChargeFacts {
  id: string;
  paymentIntentId: string | null;
  amount: number;
  amountRefunded: number;
  refunded: boolean;
  donationId: string | null;
}

/** One balance transaction a payout paid out: a donation's transfer, a reversal, or something else. */
export interface PayoutLine {
  id: string;
  /** Stripe's type: `payment` (a donation's transfer), `payment_refund` (its reversal), ... */
  type: string;
  /** What it added to the account's balance (negative for a reversal), in pence. */
  net_pence: number;
  /** The donation it comes from (the platform charge's `metadata.donation_id`), when there is one. */
  donation_id: string | null;
}

export interface CheckoutRequest {
  donationId: string;
  email: string;
  /** Line items in pence: the donation ("Donation to <registered name>") and the tip, when there is one. */
  donation: { name: string; pence: number };
  tip: { name: string; pence: number } | null;
  applicationFeePence: number;
  destination: string;
  successUrl: string;
  cancelUrl: string;
  /** Epoch seconds (30 minutes to 24 hours ahead). */
  expiresAt: number;
}

export interface PaymentIntentFacts {
  id: string;
  amount: number;
  currency: string;
  destination: string | null;
  applicationFeeAmount: number | null;
  onBehalfOf: string | null;
  donationId: string | null;
}

export interface PaymentAccountStatus {
  id: string;
  /** The charity the account was created for (its `metadata.charity_id`, set by us); null when it has none. */
  charityId: string | null;
  /** The charity finished the onboarding form. */
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/** What went wrong at the provider, without its details (never shown to users). */
export type PaymentsFailure =
  /** Our key is missing, wrong or lacks permission: an operator must act. */
  | 'configuration'
  /** The account does not exist (or is not ours). */
  | 'not-found'
  /** The provider refused the request as made. */
  | 'invalid-request'
  | 'rate-limited'
  /** The provider could not be reached or failed. */
  | 'unavailable';

export class PaymentsError extends Error {
  readonly failure: PaymentsFailure;
  /** The provider's status and error code, for the log. */
  readonly status?: number;
  readonly providerCode?: string;
  constructor(failure: PaymentsFailure, message: string, detail: { status?: number; code?: string } = {}) {
    super(message);
    this.name = 'PaymentsError';
    this.failure = failure;
    this.status = detail.status;
    this.providerCode = detail.code;
  }
}

/** Payments configuration, read at cold start. */
export const PaymentsEnv = envSchema({
  /** The provider: `stripe`, the only one (the local cloud runs a stand-in of it at STRIPE_API_BASE_URL). */
  PAYMENTS_MODE: rule.oneOf(['stripe']),
  /** Secrets Manager secret (complete ARN) holding the Stripe secret key (AWS). */
  PAYMENTS_SECRET_ARN: rule.optionalText(),
  /** The key itself (only for trials outside AWS; never in a deployed function). */
  STRIPE_SECRET_KEY: rule.optionalText(),
  STRIPE_API_BASE_URL: rule.url('https://api.stripe.com'),
});
export type PaymentsEnv = EnvOf<typeof PaymentsEnv>;

/**
 * Builds the configured adapter; the Stripe key is read from Secrets Manager on first use and cached. A stack
 * deployed without the secret still starts: payment setup then answers "temporarily unavailable" (and logs
 * why) instead of every function of the route failing at cold start.
 */
export function createPayments(env: PaymentsEnv): PaymentsPort {
  let key: Promise<string> | undefined;
  const secretKey = () => {
    key ??= (async () => {
      if (env.STRIPE_SECRET_KEY) return env.STRIPE_SECRET_KEY;
      if (!env.PAYMENTS_SECRET_ARN) {
        throw new PaymentsError('configuration', 'No Stripe secret key is configured (PAYMENTS_SECRET_ARN)');
      }
      try {
        return await readSecretKey(env.PAYMENTS_SECRET_ARN);
      } catch (error) {
        throw new PaymentsError('configuration', 'The Stripe secret key could not be read', {
          code: (error as Error).name,
        });
      }
    })().catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return stripePayments({ secretKey, baseUrl: env.STRIPE_API_BASE_URL });
}

async function readSecretKey(secretId: string): Promise<string> {
  return readSecretField(secretId, 'secretKey', 'The Stripe secret key');
}

/** A secret's value: the text itself, or the `field` of JSON (the console's key/value form). */
async function readSecretField(secretId: string, field: string, what: string): Promise<string> {
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
  const text = out.SecretString?.trim();
  if (!text) throw new Error(`${what} secret is empty`);
  if (text.startsWith('{')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const value = parsed[field];
    if (typeof value !== 'string' || !value) throw new Error(`${what} secret has no ${field} field`);
    return value.trim();
  }
  return text;
}

/** Webhook signing secrets of a stage: Secrets Manager in AWS (one secret, two fields), the values locally. */
export const WebhookSecretsEnv = envSchema({
  /** Secret (complete ARN) holding `platformWebhookSecret` and `connectWebhookSecret` (AWS). */
  STRIPE_WEBHOOK_SECRETS_ARN: rule.optionalText(),
  STRIPE_WEBHOOK_SECRET: rule.optionalText(),
  STRIPE_CONNECT_WEBHOOK_SECRET: rule.optionalText(),
});
export type WebhookSecretsEnv = EnvOf<typeof WebhookSecretsEnv>;

/** Reads one endpoint's signing secret on first use (cached; a failed read is tried again next time). */
export function webhookSigningSecret(
  env: WebhookSecretsEnv,
  endpoint: 'platform' | 'connect',
): () => Promise<string> {
  const value = endpoint === 'platform' ? env.STRIPE_WEBHOOK_SECRET : env.STRIPE_CONNECT_WEBHOOK_SECRET;
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= (async () => {
      if (value) return value;
      if (!env.STRIPE_WEBHOOK_SECRETS_ARN) throw new Error('No Stripe webhook signing secret is configured');
      return readSecretField(
        env.STRIPE_WEBHOOK_SECRETS_ARN,
        endpoint === 'platform' ? 'platformWebhookSecret' : 'connectWebhookSecret',
        'The Stripe webhook',
      );
    })().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

/** Stripe's API version these requests are written for (pinned so a new default cannot change them). */
export const STRIPE_API_VERSION = '2024-06-20';
/** Each call must answer well inside the function's timeout. */
const STRIPE_TIMEOUT_MS = 8000;

/**
 * Stripe Connect through the REST API (no SDK): form-encoded POSTs with the secret key as bearer, errors
 * as `{ error: { type, code, message } }`. Express accounts, onboarded with single-use account links.
 */
export function stripePayments(opts: {
  secretKey: () => Promise<string>;
  baseUrl?: string;
  fetch?: typeof fetch;
}): PaymentsPort {
  const base = (opts.baseUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    idempotencyKey?: string,
    account?: string,
  ): Promise<T> {
    const key = await opts.secretKey();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${key}`,
      'Stripe-Version': STRIPE_API_VERSION,
      Accept: 'application/json',
    };
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (account) headers['Stripe-Account'] = account;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentsError('unavailable', 'Stripe could not be reached', {
        code: (error as Error).name,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.ok && body && typeof body === 'object') return body as T;
    throw stripeError(response.status, body);
  }

  return {
    async startOnboarding({ charityId, email, existingAccountId, returnUrl, refreshUrl }) {
      let accountId = existingAccountId;
      if (!accountId) {
        const account = await call<{ id?: unknown }>(
          'POST',
          '/v1/accounts',
          {
            type: 'express',
            country: 'GB',
            email,
            business_type: 'non_profit',
            'capabilities[card_payments][requested]': 'true',
            'capabilities[transfers][requested]': 'true',
            'metadata[charity_id]': charityId,
          },
          // One account per charity even when two starts race (Stripe keeps keys for 24 hours).
          `kindred-express-account-${charityId}`,
        );
        if (typeof account.id !== 'string') {
          throw new PaymentsError('unavailable', 'Stripe answered without an account id');
        }
        accountId = account.id;
      }
      const link = await call<{ url?: unknown }>('POST', '/v1/account_links', {
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
      });
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
      const charityId = account.metadata?.charity_id;
      return {
        id: typeof account.id === 'string' ? account.id : accountId,
        charityId: typeof charityId === 'string' && charityId ? charityId : null,
        detailsSubmitted: account.details_submitted === true,
        chargesEnabled: account.charges_enabled === true,
        payoutsEnabled: account.payouts_enabled === true,
      };
    },
    async createCheckoutSession(input) {
      const form: Record<string, string> = {
        mode: 'payment',
        submit_type: 'donate',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.email,
        client_reference_id: input.donationId,
        expires_at: String(input.expiresAt),
        'metadata[donation_id]': input.donationId,
        'payment_intent_data[application_fee_amount]': String(input.applicationFeePence),
        'payment_intent_data[transfer_data][destination]': input.destination,
        'payment_intent_data[on_behalf_of]': input.destination,
        'payment_intent_data[metadata][donation_id]': input.donationId,
      };
      const items = [input.donation, ...(input.tip ? [input.tip] : [])];
      items.forEach((item, i) => {
        form[`line_items[${i}][quantity]`] = '1';
        form[`line_items[${i}][price_data][currency]`] = 'gbp';
        form[`line_items[${i}][price_data][unit_amount]`] = String(item.pence);
        form[`line_items[${i}][price_data][product_data][name]`] = item.name;
      });
      // The donation id keys the request: a retry after a lost answer gets the same session, never a second one.
      const session = await call<{ id?: unknown; url?: unknown }>(
        'POST',
        '/v1/checkout/sessions',
        form,
        `kindred-donation-${input.donationId}`,
      );
      if (typeof session.id !== 'string' || typeof session.url !== 'string') {
        throw new PaymentsError('unavailable', 'Stripe answered without a session');
      }
      return { id: session.id, url: session.url };
    },
    async getPaymentIntent(id) {
      const intent = await call<{
        id?: unknown;
        amount?: unknown;
        currency?: unknown;
        application_fee_amount?: unknown;
        transfer_data?: { destination?: unknown } | null;
        on_behalf_of?: unknown;
        metadata?: Record<string, unknown>;
      }>('GET', `/v1/payment_intents/${encodeURIComponent(id)}`);
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        id: text(intent.id) ?? id,
        amount: typeof intent.amount === 'number' ? intent.amount : -1,
        currency: text(intent.currency) ?? '',
        destination: text(intent.transfer_data?.destination),
        applicationFeeAmount:
          typeof intent.application_fee_amount === 'number' ? intent.application_fee_amount : null,
        onBehalfOf: text(intent.on_behalf_of),
        donationId: text(intent.metadata?.donation_id),
      };
    },
    async getBalanceTransactionFee(id) {
      const txn = await call<{ fee?: unknown }>('GET', `/v1/balance_transactions/${encodeURIComponent(id)}`);
      if (typeof txn.fee !== 'number')
        throw new PaymentsError('unavailable', 'Stripe answered without a fee');
      return txn.fee;
    },
    async getCharge(id) {
      const charge = await call<{
        id?: unknown;
        payment_intent?: unknown;
        amount?: unknown;
        amount_refunded?: unknown;
        refunded?: unknown;
        metadata?: Record<string, unknown>;
      }>('GET', `/v1/charges/${encodeURIComponent(id)}`);
      const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
      return {
        id: text(charge.id) ?? id,
        paymentIntentId: text(charge.payment_intent),
        amount: typeof charge.amount === 'number' ? charge.amount : -1,
        amountRefunded: typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0,
        refunded: charge.refunded === true,
        donationId: text(charge.metadata?.donation_id),
      };
    },
    async refundDonation({ donationId, paymentIntentId }) {
      // The same parameters every time: a repeat with the key is answered with the first refund.
      const refund = await call<{ id?: unknown }>(
        'POST',
        '/v1/refunds',
        {
          payment_intent: paymentIntentId,
          reverse_transfer: 'true',
          refund_application_fee: 'true',
          reason: 'requested_by_customer',
          'metadata[donation_id]': donationId,
        },
        `kindred-refund-${donationId}`,
      );
      if (typeof refund.id !== 'string')
        throw new PaymentsError('unavailable', 'Stripe answered without a refund');
      return { refundId: refund.id };
    },
    listPayoutLines: (accountId, payoutId) =>
      payoutLines((path) => call('GET', path, undefined, undefined, accountId), payoutId),
  };
}

/** Maps Stripe's error answers (status, `error.type`, `error.code`) onto our failures. */
export function stripeError(status: number, body: unknown): PaymentsError {
  const error = (body as { error?: { type?: unknown; code?: unknown; message?: unknown } } | undefined)
    ?.error;
  const code =
    typeof error?.code === 'string' ? error.code : typeof error?.type === 'string' ? error.type : undefined;
  const detail = { status, code };
  if (status === 401 || status === 403) {
    return new PaymentsError('configuration', 'Stripe refused our API key', detail);
  }
  if (status === 404 || code === 'resource_missing' || code === 'account_invalid') {
    return new PaymentsError('not-found', 'Stripe does not know this account', detail);
  }
  if (status === 429) return new PaymentsError('rate-limited', 'Stripe rate limit', detail);
  if (status >= 400 && status < 500) {
    return new PaymentsError('invalid-request', 'Stripe refused the request', detail);
  }
  return new PaymentsError('unavailable', 'Stripe failed', detail);
}
