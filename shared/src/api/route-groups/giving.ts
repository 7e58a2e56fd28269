import { defineRoutes } from '../route';
import {
  CreateDonationRequest,
  CreateDonationResponse,
  DonationStatusRequest,
  DonationStatusResponse,
  StripeWebhookRequest,
  StripeWebhookResponse,
} from '../schemas/giving';

/**
 * Giving (issue 32): a donor gives to a live, vetted charity through Stripe Checkout; Stripe's signed events
 * confirm the payment. The donor has no account: a donation is reached by its unguessable id.
 */
export const givingRoutes = defineRoutes({
  'create-donation': {
    method: 'POST',
    path: '/api/donations',
    auth: 'public',
    request: CreateDonationRequest,
    response: CreateDonationResponse,
    timeoutSeconds: 15,
    summary:
      'Computes the figures, writes the pending donation (checking the charity can take it) and opens a Checkout Session.',
  },
  'get-donation-status': {
    method: 'GET',
    path: '/api/donations/{donationId}',
    auth: 'public',
    request: DonationStatusRequest,
    response: DonationStatusResponse,
    summary: 'The thank-you page: whether the payment is confirmed, and the figures of the gift.',
  },
  'stripe-webhook': {
    method: 'POST',
    path: '/api/stripe/webhook',
    auth: 'public',
    request: StripeWebhookRequest,
    response: StripeWebhookResponse,
    signedBodyHeader: 'stripe-signature',
    maxBodyBytes: 256 * 1024,
    timeoutSeconds: 20,
    summary: "Stripe's platform events (Checkout, payment intents, charges), verified by signature.",
  },
  'stripe-connect-webhook': {
    method: 'POST',
    path: '/api/stripe/connect-webhook',
    auth: 'public',
    request: StripeWebhookRequest,
    response: StripeWebhookResponse,
    signedBodyHeader: 'stripe-signature',
    maxBodyBytes: 256 * 1024,
    timeoutSeconds: 20,
    summary: "Stripe's connected-account events (account.updated, payouts), verified by their own secret.",
  },
});

/** The giving routes that call the payment provider (and so read its secret key). */
export const givingPaymentRouteIds = [
  'create-donation',
  'stripe-webhook',
  // A payout's balance transactions are read from Stripe (issue 33).
  'stripe-connect-webhook',
] as const;
