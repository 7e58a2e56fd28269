import type { StripeCall } from './payments-http';
import { textOf } from './payments-http';
import { type CheckoutRequest, PaymentsError, type PaymentsPort } from './payments-port';

/**
 * `POST /v1/checkout/sessions` for a donation (checked against `Stripe.Checkout.SessionCreateParams`): a
 * destination charge to the charity's account, settled on its behalf, Kindred's application fee, cards only
 * (Apple Pay and Google Pay are cards), the donation id in the session's and the payment's metadata.
 */
export const checkoutSessionParams = (input: CheckoutRequest) => ({
  mode: 'payment' as const,
  submit_type: 'donate' as const,
  payment_method_types: ['card' as const],
  success_url: input.successUrl,
  cancel_url: input.cancelUrl,
  customer_email: input.email,
  client_reference_id: input.donationId,
  expires_at: input.expiresAt,
  metadata: { donation_id: input.donationId },
  payment_intent_data: {
    application_fee_amount: input.applicationFeePence,
    transfer_data: { destination: input.destination },
    on_behalf_of: input.destination,
    metadata: { donation_id: input.donationId },
  },
  line_items: [input.donation, ...(input.tip ? [input.tip] : [])].map((item) => ({
    quantity: 1,
    price_data: { currency: 'gbp', unit_amount: item.pence, product_data: { name: item.name } },
  })),
});

/** `GET /v1/payment_intents/:id` with its latest charge (checked against `Stripe.PaymentIntentRetrieveParams`). */
export const paymentIntentParams = () => ({ expand: ['latest_charge'] });

/** Checkout Sessions and what a paid one made: its payment intent, charge and balance transaction. */
export function stripeSessions(
  call: StripeCall,
): Pick<
  PaymentsPort,
  | 'createCheckoutSession'
  | 'expireCheckoutSession'
  | 'getPaymentIntent'
  | 'getBalanceTransactionFee'
  | 'getCharge'
> {
  return {
    async createCheckoutSession(input) {
      // The donation id keys the request: a retry after a lost answer gets the same session, never a second one.
      const session = await call<{ id?: unknown; url?: unknown }>(
        'POST',
        '/v1/checkout/sessions',
        checkoutSessionParams(input),
        { idempotencyKey: `kindred-donation-${input.donationId}` },
      );
      if (typeof session.id !== 'string' || typeof session.url !== 'string') {
        throw new PaymentsError('unavailable', 'Stripe answered without a session');
      }
      return { id: session.id, url: session.url };
    },
    async expireCheckoutSession(id) {
      try {
        await call('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {});
      } catch (error) {
        // Not open any more (paid meanwhile, or expired already): nothing left to close.
        if (error instanceof PaymentsError && error.failure === 'invalid-request') return;
        throw error;
      }
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
        latest_charge?: { created?: unknown } | string | null;
      }>('GET', `/v1/payment_intents/${encodeURIComponent(id)}`, paymentIntentParams());
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
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
        chargeCreated: typeof charge?.created === 'number' ? charge.created : null,
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
      return {
        id: textOf(charge.id) ?? id,
        paymentIntentId: textOf(charge.payment_intent),
        amount: typeof charge.amount === 'number' ? charge.amount : -1,
        amountRefunded: typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0,
        refunded: charge.refunded === true,
        donationId: textOf(charge.metadata?.donation_id),
      };
    },
  };
}
