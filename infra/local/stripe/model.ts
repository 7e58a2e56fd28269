import { randomBytes } from 'node:crypto';

/**
 * The stand-in's objects, shaped as Stripe's API returns them (only the fields our code reads, plus ids and
 * `object`). Money is integer minor units throughout, as at Stripe.
 */
export type Id = string;

export function newId(prefix: string): Id {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface Account {
  id: Id;
  object: 'account';
  type: 'express';
  country: 'GB';
  email: string | null;
  business_type: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { card_payments?: 'active' | 'inactive'; transfers?: 'active' | 'inactive' };
  requirements: { currently_due: string[] };
  metadata: Record<string, string>;
  created: number;
}

export interface AccountLink {
  id: Id;
  account: Id;
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
}

export interface LineItem {
  name: string;
  unit_amount: number;
  quantity: number;
  currency: string;
}

export interface CheckoutSession {
  id: Id;
  object: 'checkout.session';
  mode: 'payment';
  submit_type: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  /** Who paid, as the hosted page collected it (set when the session completes). */
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  expires_at: number;
  created: number;
  metadata: Record<string, string>;
  payment_intent: Id | null;
  line_items: LineItem[];
  payment_intent_data: {
    application_fee_amount: number | null;
    destination: Id | null;
    on_behalf_of: Id | null;
    metadata: Record<string, string>;
  };
  livemode: false;
}

export interface PaymentIntent {
  id: Id;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  application_fee_amount: number | null;
  transfer_data: { destination: Id } | null;
  on_behalf_of: Id | null;
  metadata: Record<string, string>;
  latest_charge: Id | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface Charge {
  id: Id;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: Id;
  balance_transaction: Id | null;
  transfer: Id | null;
  application_fee: Id | null;
  application_fee_amount: number | null;
  destination: Id | null;
  on_behalf_of: Id | null;
  payment_method_details: { type: 'card'; card: { brand: string; country: string; last4: string } };
  /** Whether the charge has been disputed (it stays true after the dispute closes, as at Stripe). */
  disputed?: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface BalanceTransaction {
  id: Id;
  object: 'balance_transaction';
  amount: number;
  fee: number;
  net: number;
  currency: string;
  source: Id;
  type:
    | 'charge'
    | 'payment'
    | 'refund'
    | 'payment_refund'
    | 'transfer'
    | 'application_fee'
    | 'application_fee_refund'
    | 'payout';
  created: number;
  /** The connected account whose balance it moves (absent: the platform's). */
  account?: Id;
}

export interface Transfer {
  id: Id;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: Id;
  source_transaction: Id;
  /** Taken back from the connected account by refunds with `reverse_transfer`. */
  amount_reversed?: number;
  reversed?: boolean;
  created: number;
}

export interface Refund {
  id: Id;
  object: 'refund';
  amount: number;
  currency: string;
  charge: Id;
  payment_intent: Id;
  status: 'succeeded';
  reason: string | null;
  balance_transaction: Id;
  /** The reversal of the destination charge's transfer (`reverse_transfer`). */
  transfer_reversal: Id | null;
  metadata: Record<string, string>;
  created: number;
}

export interface Dispute {
  id: Id;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: Id;
  payment_intent: Id;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: Id;
  object: 'event';
  api_version: string;
  type: string;
  created: number;
  livemode: false;
  /** Set on events about a connected account (delivered to Connect endpoints). */
  account?: Id;
  data: { object: unknown };
}

/** Stripe's UK price for standard UK cards: 1.5% + 20p, rounded half up, in pence. */
export function stripeCardFee(amount: number): number {
  return Math.floor((amount * 15 + 500) / 1000) + 20;
}

/** Stripe's smallest charge in pounds sterling. */
export const MINIMUM_CHARGE_PENCE = 30;

/** Stripe's test cards as its documentation lists them (any future expiry, any CVC). */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeeded' } | { outcome: 'declined'; decline: string; message: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'declined', decline: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    outcome: 'declined',
    decline: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
