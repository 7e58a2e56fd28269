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
  /**
   * Closes an open Checkout Session (no more card attempts on it; Stripe sends `checkout.session.expired`).
   * A session already complete or expired is left as it is.
   */
  expireCheckoutSession(id: string): Promise<void>;
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
  /** When its latest charge was made (epoch seconds; null without a charge): when the donor paid. */
  chargeCreated: number | null;
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
