import { StripeCharges } from './charges';
import {
  type CheckoutSession,
  type Id,
  type LineItem,
  listOf,
  MINIMUM_CHARGE_PENCE,
  newId,
  nowSeconds,
  type PaymentIntent,
  TEST_CARDS,
} from './model';
import { missing, refuse } from './store';

export interface CheckoutInput {
  success_url: string;
  cancel_url?: string;
  customer_email?: string;
  client_reference_id?: string;
  submit_type?: string;
  payment_method_types?: string[];
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
 * Checkout Sessions with destination charges, and what a paid session creates (payment intent, charge with its
 * real fee, transfer, application fee). With the `async_payments` switch a session completes `unpaid` and the
 * payment succeeds or fails later (`checkout.session.async_payment_succeeded` / `_failed`).
 */
export class StripeEngine extends StripeCharges {
  constructor(siteUrl: () => string, emit: ConstructorParameters<typeof StripeCharges>[1]) {
    super(siteUrl, emit);
    this.includable.set('checkout.session.line_items', (s) => this.lineItems(String(s.id)));
  }

  createCheckoutSession(input: CheckoutInput): CheckoutSession {
    for (const [i, type] of (input.payment_method_types ?? []).entries())
      if (type !== 'card')
        throw refuse(
          `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
          undefined,
          `payment_method_types[${i}]`,
        );
    const currency = input.line_items[0]?.currency ?? 'gbp';
    if (input.line_items.some((item) => item.currency !== currency))
      throw refuse('All line items must use the same currency.');
    const total = input.line_items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    if (currency === 'gbp' && total < MINIMUM_CHARGE_PENCE)
      throw refuse(
        "The Checkout Session's total amount due must add up to at least £0.30 gbp",
        'amount_too_small',
      );
    const pid = input.payment_intent_data;
    if (pid.application_fee_amount !== undefined && !pid.destination)
      throw refuse(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        undefined,
        'payment_intent_data[application_fee_amount]',
      );
    if (pid.application_fee_amount !== undefined && pid.application_fee_amount > total)
      throw refuse(
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
      if (!account) throw refuse(`No such destination: '${id}'`, 'resource_missing', param);
      if (account.capabilities.transfers !== 'active' || account.capabilities.card_payments !== 'active')
        throw refuse(
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
      throw refuse(
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
      payment_method_types: input.payment_method_types ?? ['card'],
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
      livemode: false,
    };
    this.sessions.set(id, session);
    this.setups.set(id, {
      line_items: input.line_items,
      payment_intent_data: {
        application_fee_amount: pid.application_fee_amount ?? null,
        destination: pid.destination ?? null,
        on_behalf_of: pid.on_behalf_of ?? null,
        metadata: pid.metadata,
      },
    });
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
      throw refuse(
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
    const pid = this.setupOf(session.id).payment_intent_data;
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
      payment_method_types: session.payment_method_types,
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

  private setupOf(sessionId: Id) {
    const setup = this.setups.get(sessionId);
    if (!setup) throw missing('checkout.session', sessionId);
    return setup;
  }

  /** `GET /v1/checkout/sessions/:id/line_items`, and `expand[]=line_items`: a list of `item` objects. */
  lineItems(sessionId: Id) {
    const session = this.session(sessionId);
    const data = this.setupOf(sessionId).line_items.map((item, i) => ({
      id: `li_${session.id.slice(8, 20)}${i}`,
      object: 'item',
      amount_subtotal: item.unit_amount * item.quantity,
      amount_total: item.unit_amount * item.quantity,
      currency: item.currency,
      description: item.name,
      quantity: item.quantity,
      price: { object: 'price', currency: item.currency, unit_amount: item.unit_amount, type: 'one_time' },
    }));
    return listOf(`/v1/checkout/sessions/${session.id}/line_items`, data);
  }

  /**
   * The donor pays on the hosted page. A test card's outcome decides: a decline leaves the session open
   * (the donor may try another card) and sends `payment_intent.payment_failed`; success completes it (paid, or
   * with `async_payments` unpaid until the payment succeeds or fails later).
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
    session.status = 'complete';
    session.customer_email ??= card.email;
    session.customer_details = { email: session.customer_email, name: card.name?.trim() || null };
    session.url = null;
    const mode = this.unruly.async_payments;
    if (mode === 'off') {
      const charge = this.capture(session, intent, card.number);
      this.emit([this.event('checkout.session.completed', session), ...this.paidEvents(intent, charge)]);
      return { ok: true };
    }
    intent.status = 'processing';
    this.emit([
      this.event('checkout.session.completed', session),
      this.event('payment_intent.processing', intent),
    ]);
    const settle = () => this.settleAsync(session.id, mode === 'succeed', card.number);
    if (this.unruly.async_after_ms > 0) this.later(this.unruly.async_after_ms, settle);
    else this.pendingAsync.set(session.id, card.number);
    return { ok: true };
  }

  /** Sessions completed `unpaid` waiting for `/_local/sessions/:id/settle`, with the card used. */
  pendingAsync = new Map<Id, string>();

  /** An asynchronous payment's outcome: `async_payment_succeeded` (and the charge) or `async_payment_failed`. */
  settleAsync(
    sessionId: Id,
    succeed: boolean,
    cardNumber = this.pendingAsync.get(sessionId) ?? '4242424242424242',
  ) {
    const session = this.session(sessionId);
    const intent = this.intents.get(session.payment_intent ?? '');
    if (intent?.status !== 'processing' || session.payment_status === 'paid')
      throw refuse(`Checkout Session ${sessionId} has no payment in progress.`);
    this.pendingAsync.delete(sessionId);
    if (!succeed) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'payment_method_provider_decline', message: 'The payment failed.' };
      this.emit([
        this.event('checkout.session.async_payment_failed', session),
        this.event('payment_intent.payment_failed', intent),
      ]);
      return session;
    }
    const charge = this.capture(session, intent, cardNumber);
    this.emit([
      this.event('checkout.session.async_payment_succeeded', session),
      ...this.paidEvents(intent, charge),
    ]);
    return session;
  }
}
