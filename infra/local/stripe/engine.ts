import {
  type Account,
  type AccountLink,
  type BalanceTransaction,
  type Charge,
  type CheckoutSession,
  type Id,
  type LineItem,
  MINIMUM_CHARGE_PENCE,
  newId,
  nowSeconds,
  type PaymentIntent,
  type StripeEvent,
  stripeCardFee,
  TEST_CARDS,
  type Transfer,
} from './model';

/** A refusal in Stripe's terms: HTTP status, error type, code, message, parameter. */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeRefusal(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');

export const STRIPE_API_VERSION = '2024-06-20';

export interface CheckoutInput {
  success_url: string;
  cancel_url?: string;
  customer_email?: string;
  client_reference_id?: string;
  submit_type?: string;
  expires_at?: number;
  metadata: Record<string, string>;
  line_items: LineItem[];
  payment_intent_data: {
    application_fee_amount?: number;
    destination?: Id;
    on_behalf_of?: Id;
    metadata: Record<string, string>;
  };
}

/**
 * Stripe's behaviour for the calls Kindred makes: Express accounts and onboarding, Checkout Sessions with
 * destination charges, and what a paid session creates (payment intent, charge with its real fee, transfer,
 * application fee). Every change emits the events Stripe would send; `emit` delivers them.
 */
export class StripeEngine {
  accounts = new Map<Id, Account>();
  links = new Map<Id, AccountLink>();
  sessions = new Map<Id, CheckoutSession>();
  intents = new Map<Id, PaymentIntent>();
  charges = new Map<Id, Charge>();
  balance = new Map<Id, BalanceTransaction>();
  transfers = new Map<Id, Transfer>();

  constructor(
    private readonly siteUrl: () => string,
    readonly emit: (events: StripeEvent[]) => void,
  ) {}

  /** An event as Stripe sends it (also for `refunds.ts`). */
  event(type: string, object: unknown, account?: Id): StripeEvent {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type,
      created: nowSeconds(),
      livemode: false,
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    };
  }

  account(id: string): Account {
    const account = this.accounts.get(id);
    if (!account) throw missing('account', id);
    return account;
  }

  createAccount(input: {
    email?: string;
    business_type?: string;
    metadata: Record<string, string>;
  }): Account {
    const account: Account = {
      id: newId('acct'),
      object: 'account',
      type: 'express',
      country: 'GB',
      email: input.email ?? null,
      business_type: input.business_type ?? null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      metadata: input.metadata,
      created: nowSeconds(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  createAccountLink(input: { account: Id; refresh_url: string; return_url: string }) {
    this.account(input.account);
    const link: AccountLink = { id: newId('link'), ...input, expires_at: nowSeconds() + 300, used: false };
    this.links.set(link.id, link);
    return {
      object: 'account_link',
      created: nowSeconds(),
      expires_at: link.expires_at,
      url: `${this.siteUrl()}/setup/e/${link.id}`,
    };
  }

  /** The onboarding form was submitted: the account can take charges and be paid out. */
  completeOnboarding(linkId: string): string {
    const link = this.links.get(linkId);
    if (!link) throw missing('account link', linkId);
    if (link.used || link.expires_at < nowSeconds()) return link.refresh_url;
    link.used = true;
    this.setAccountState(link.account, true);
    return link.return_url;
  }

  /** Turns an account's charges and payouts on or off (onboarding, or Stripe disabling it). */
  setAccountState(id: Id, enabled: boolean): Account {
    const account = this.account(id);
    account.details_submitted = true;
    account.charges_enabled = enabled;
    account.payouts_enabled = enabled;
    account.capabilities = enabled
      ? { card_payments: 'active', transfers: 'active' }
      : { card_payments: 'inactive', transfers: 'inactive' };
    account.requirements = { currently_due: enabled ? [] : ['external_account'] };
    this.emit([this.event('account.updated', account, account.id)]);
    return account;
  }

  createCheckoutSession(input: CheckoutInput): CheckoutSession {
    const currency = input.line_items[0]?.currency ?? 'gbp';
    if (input.line_items.some((item) => item.currency !== currency))
      throw new StripeRefusal(400, 'invalid_request_error', 'All line items must use the same currency.');
    const total = input.line_items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    if (currency === 'gbp' && total < MINIMUM_CHARGE_PENCE)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        "The Checkout Session's total amount due must add up to at least £0.30 gbp",
        'amount_too_small',
      );
    const pid = input.payment_intent_data;
    if (pid.application_fee_amount !== undefined && !pid.destination)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        undefined,
        'payment_intent_data[application_fee_amount]',
      );
    if (pid.application_fee_amount !== undefined && pid.application_fee_amount > total)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'The application fee cannot exceed the amount of the payment.',
        undefined,
        'payment_intent_data[application_fee_amount]',
      );
    for (const [param, id] of [
      ['payment_intent_data[transfer_data][destination]', pid.destination],
      ['payment_intent_data[on_behalf_of]', pid.on_behalf_of],
    ] as const) {
      if (!id) continue;
      const account = this.accounts.get(id);
      if (!account)
        throw new StripeRefusal(
          400,
          'invalid_request_error',
          `No such destination: '${id}'`,
          'resource_missing',
          param,
        );
      if (account.capabilities.transfers !== 'active' || account.capabilities.card_payments !== 'active')
        throw new StripeRefusal(
          400,
          'invalid_request_error',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'insufficient_capabilities_for_transfer',
          param,
        );
    }
    const created = nowSeconds();
    if (
      input.expires_at !== undefined &&
      (input.expires_at < created + 1800 || input.expires_at > created + 86400)
    )
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        undefined,
        'expires_at',
      );
    const id = newId('cs_test');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      submit_type: input.submit_type ?? null,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      currency,
      customer_email: input.customer_email ?? null,
      customer_details: null,
      client_reference_id: input.client_reference_id ?? null,
      success_url: input.success_url,
      cancel_url: input.cancel_url ?? null,
      url: `${this.siteUrl()}/c/pay/${id}`,
      expires_at: input.expires_at ?? created + 86400,
      created,
      metadata: input.metadata,
      payment_intent: null,
      line_items: input.line_items,
      payment_intent_data: {
        application_fee_amount: pid.application_fee_amount ?? null,
        destination: pid.destination ?? null,
        on_behalf_of: pid.on_behalf_of ?? null,
        metadata: pid.metadata,
      },
      livemode: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    this.expireIfDue(session);
    return session;
  }

  expireIfDue(session: CheckoutSession): void {
    if (session.status === 'open' && session.expires_at <= nowSeconds()) this.expire(session.id);
  }

  /** `POST /v1/checkout/sessions/:id/expire`, or its time ran out. */
  expire(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    if (session.status !== 'open')
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      );
    session.status = 'expired';
    session.url = null;
    this.emit([this.event('checkout.session.expired', session)]);
    return session;
  }

  private intentFor(session: CheckoutSession): PaymentIntent {
    const existing = session.payment_intent ? this.intents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    const pid = session.payment_intent_data;
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
      application_fee_amount: pid.application_fee_amount,
      transfer_data: pid.destination ? { destination: pid.destination } : null,
      on_behalf_of: pid.on_behalf_of,
      metadata: pid.metadata,
      latest_charge: null,
      last_payment_error: null,
      created: nowSeconds(),
      livemode: false,
    };
    this.intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  /**
   * The donor pays on the hosted page. A test card's outcome decides: a decline leaves the session open
   * (the donor may try another card) and sends `payment_intent.payment_failed`; success completes it.
   */
  pay(
    sessionId: string,
    card: { number: string; email: string; name?: string },
  ): { ok: true } | { ok: false; message: string } {
    const session = this.session(sessionId);
    if (session.status !== 'open') return { ok: false, message: 'This checkout session is no longer open.' };
    const outcome = TEST_CARDS[card.number];
    if (!outcome) return { ok: false, message: 'Your card number is invalid.' };
    const intent = this.intentFor(session);
    if (outcome.outcome === 'declined') {
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: outcome.decline,
        message: outcome.message,
      };
      this.emit([this.event('payment_intent.payment_failed', intent)]);
      return { ok: false, message: outcome.message };
    }
    const created = nowSeconds();
    const fee = stripeCardFee(intent.amount);
    const chargeId = newId('ch');
    const txn: BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: intent.amount,
      fee,
      net: intent.amount - fee,
      currency: intent.currency,
      source: chargeId,
      type: 'charge',
      created,
    };
    this.balance.set(txn.id, txn);
    const destination = intent.transfer_data?.destination ?? null;
    let transfer: Transfer | null = null;
    if (destination) {
      transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: intent.amount - (intent.application_fee_amount ?? 0),
        currency: intent.currency,
        destination,
        source_transaction: chargeId,
        created,
      };
      this.transfers.set(transfer.id, transfer);
    }
    const charge: Charge = {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      balance_transaction: null,
      transfer: transfer?.id ?? null,
      application_fee: intent.application_fee_amount ? newId('fee') : null,
      application_fee_amount: intent.application_fee_amount,
      destination,
      on_behalf_of: intent.on_behalf_of,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: 'GB', last4: card.number.slice(-4) },
      },
      metadata: intent.metadata,
      created,
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer_email ??= card.email;
    session.customer_details = { email: session.customer_email, name: card.name?.trim() || null };
    session.url = null;
    const succeeded = this.event('charge.succeeded', charge);
    // The balance transaction (the real fee) is attached a little later, as at Stripe: `charge.updated`.
    charge.balance_transaction = txn.id;
    this.emit([
      this.event('checkout.session.completed', session),
      this.event('payment_intent.succeeded', intent),
      succeeded,
      this.event('charge.updated', charge),
    ]);
    return { ok: true };
  }

  retrieve(kind: 'charge' | 'payment_intent' | 'balance_transaction' | 'transfer', id: string): unknown {
    const map = {
      charge: this.charges,
      payment_intent: this.intents,
      balance_transaction: this.balance,
      transfer: this.transfers,
    }[kind];
    const found = (map as Map<Id, unknown>).get(id);
    if (!found) throw missing(kind, id);
    return found;
  }
}
