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

/** A line item as the request gave it (Stripe answers them as a list of `item` objects: `line_items`). */
export interface LineItem {
  name: string;
  unit_amount: number;
  quantity: number;
  currency: string;
}

/** What a session was created with that Stripe keeps but never sends back on the session object. */
export interface SessionSetup {
  line_items: LineItem[];
  payment_intent_data: {
    application_fee_amount: number | null;
    destination: Id | null;
    on_behalf_of: Id | null;
    metadata: Record<string, string>;
  };
}

/** Stripe's list object. */
export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export const listOf = <T>(url: string, data: T[], has_more = false): List<T> => ({
  object: 'list',
  data,
  has_more,
  url,
});

export interface CheckoutSession {
  id: Id;
  object: 'checkout.session';
  mode: 'payment';
  submit_type: string | null;
  payment_method_types: string[];
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
  livemode: false;
}

export interface PaymentIntent {
  id: Id;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded';
  payment_method_types: string[];
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
  captured: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: Id;
  balance_transaction: Id | null;
  transfer: Id | null;
  application_fee: Id | null;
  application_fee_amount: number | null;
  /** A destination charge's destination (Stripe sends no `destination` on a charge). */
  transfer_data: { destination: Id; amount: number | null } | null;
  on_behalf_of: Id | null;
  payment_method_details: { type: 'card'; card: { brand: string; country: string; last4: string } };
  /** Whether the charge has been disputed (it stays true after the dispute closes, as at Stripe). */
  disputed: boolean;
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
  /** Funds become `available` on `available_on` (the stand-in makes them available at once). */
  status: 'available' | 'pending';
  available_on: number;
  description: string | null;
  type:
    | 'charge'
    | 'refund_failure'
    | 'adjustment'
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
  amount_reversed: number;
  reversed: boolean;
  reversals: List<{ id: Id; object: 'transfer_reversal'; amount: number; transfer: Id; created: number }>;
  created: number;
}

export interface Refund {
  id: Id;
  object: 'refund';
  amount: number;
  currency: string;
  charge: Id;
  payment_intent: Id;
  status: 'succeeded' | 'failed';
  /** Why a refund failed (Stripe's values: `expired_or_canceled_card`, `lost_or_stolen_card`, `declined`, …). */
  failure_reason?: string;
  /** The balance transaction that gave the refund back to the balance when it failed. */
  failure_balance_transaction?: Id;
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
  status: DisputeStatus;
  /** The evidence Kindred gave (every field null until then, as at Stripe). */
  evidence: Record<string, string | null>;
  evidence_details: {
    due_by: number | null;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  /** Money taken from and given back to the balance (none for an inquiry). */
  balance_transactions: BalanceTransaction[];
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** Every status of a dispute: inquiries (`warning_*`) move no money; chargebacks do. */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The evidence fields of a dispute, all null until evidence is given. */
export const NO_EVIDENCE = Object.fromEntries(
  [
    'access_activity_log',
    'billing_address',
    'customer_communication',
    'customer_email_address',
    'customer_name',
    'product_description',
    'receipt',
    'refund_policy',
    'service_date',
    'uncategorized_text',
  ].map((k) => [k, null]),
) as Record<string, null>;

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
  { outcome: 'succeeded'; refundFails?: true } | { outcome: 'declined'; decline: string; message: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  /** Pays; a refund of it is `succeeded`, then fails (`charge.refund.updated`, `refund.failed`). */
  '4000000000005126': { outcome: 'succeeded', refundFails: true },
  '4000000000000002': { outcome: 'declined', decline: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    outcome: 'declined',
    decline: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
