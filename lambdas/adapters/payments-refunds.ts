import type { StripeCall } from './payments-http';
import { PaymentsError, type PaymentsPort } from './payments-port';

/** `POST /v1/refunds` of a donation's whole charge (checked against `Stripe.RefundCreateParams`). */
export const refundParams = (input: { donationId: string; paymentIntentId: string }) => ({
  payment_intent: input.paymentIntentId,
  reverse_transfer: true,
  refund_application_fee: true,
  reason: 'requested_by_customer' as const,
  metadata: { donation_id: input.donationId },
});

/** Refunds: the transfer to the charity reversed and Kindred's application fee returned. */
export function stripeRefunds(call: StripeCall): Pick<PaymentsPort, 'refundDonation'> {
  return {
    async refundDonation(input) {
      // The same parameters every time: a repeat with the key is answered with the first refund.
      const refund = await call<{ id?: unknown }>('POST', '/v1/refunds', refundParams(input), {
        idempotencyKey: `kindred-refund-${input.donationId}`,
      });
      if (typeof refund.id !== 'string')
        throw new PaymentsError('unavailable', 'Stripe answered without a refund');
      return { refundId: refund.id };
    },
  };
}
