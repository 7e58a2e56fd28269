import type { DonationStatus } from '@shared/api/schemas/giving';
import { UNPAID_DONATION_KEEP_DAYS, ukMonth } from '@shared/donations';
import type { TotalsDelta } from './donation-totals';

/**
 * The donation item's shape and the pure rules read from it (what a payment must match, what it adds to its
 * charity's totals). Its one writer is `donations.ts`, which re-exports all of this.
 */

export interface GiftAidRecord {
  wording_version: string;
  /** The exact declaration text shown (HMRC's model wording with the charity and amount). */
  text: string;
  declared_at: string;
  title: string | null;
  first_name: string;
  last_name: string;
  house: string;
  /** UK postcode in capitals, or `X` for an address outside the UK. */
  postcode: string;
  outside_uk_address: string | null;
}

export interface Donation {
  id: string;
  status: DonationStatus;
  /** The charity: its account, its number and registered name when the donor gave. */
  charity_user_id: string;
  registration_number: string;
  charity_name: string;
  stripe_account_id: string;
  donation_pence: number;
  card_fee_pence: number;
  tip_pence: number;
  total_pence: number;
  application_fee_pence: number;
  /** The amount the donor chose (before any gross-up) and whether they covered the fee. */
  chosen_pence: number;
  covered_fee: boolean;
  currency: 'gbp';
  email: string;
  anonymous: boolean;
  may_email: boolean;
  message: string | null;
  gift_aid: GiftAidRecord | null;
  created_at: string;
  /** The caller's address as rate limits key it (IPv6 by /64), for card-testing review. */
  source: string | null;
  checkout_session_id?: string;
  payment_intent_id?: string;
  charge_id?: string;
  /** Stripe's real fee on the whole charge (from its balance transaction), and the card's country. */
  stripe_fee_pence?: number;
  card_country?: string;
  paid_at?: string;
  /** The donor's name as the charity sees it (Checkout's, else the Gift Aid name); null when anonymous. */
  donor_name?: string | null;
  /** Kept until (a UK date): six years after the end of the tax year of its payment (decision 19.5). */
  retain_until?: string;
  /**
   * When DynamoDB erases it (TTL, epoch seconds): {@link UNPAID_KEEP_DAYS} after it was made while it is
   * unpaid, the day after `retain_until` once money moved (paid, or flagged).
   */
  expiresAt?: number;
  receipt_sent_at?: string;
  /** The Gift Aid claim that included it (kept if it is refunded afterwards: the charity adjusts with HMRC). */
  claim_id?: string;
  refund_id?: string;
  refunded_at?: string;
  refund_email_sent_at?: string;
  /** A refund Stripe reported `succeeded` and then `failed` (status `refund_failed`): when, and Stripe's reason. */
  refund_failed_at?: string;
  refund_failure_reason?: string;
  refund_failed_email_sent_at?: string;
  dispute_id?: string;
  /** Stripe's dispute status (`needs_response`, ..., `won`, `lost`). */
  dispute_status?: string;
  disputed_at?: string;
  dispute_email_sent_at?: string;
  /** Why a completed payment did not match its donation (status `flagged`). */
  flag_reason?: string;
  last_decline?: string;
  /** The declined card attempts on its Checkout Session (their ids); the session closes at the bound. */
  decline_attempts?: Set<string>;
}

/** How long a donation that never became money is kept (card-testing review), then erased. */
export const UNPAID_KEEP_DAYS = UNPAID_DONATION_KEEP_DAYS;

const DAY_SECONDS = 86_400;

/**
 * The erasure time of a donation written at `writtenAt` that is never paid. From the write, not its
 * `created_at` (the same moment when a donor gives): DynamoDB Local erases an item written already expired at
 * once, and AWS soon after, so a donation written with an earlier `created_at` (an import, the test kit's
 * history) must not be lost before it is paid.
 */
export const unpaidExpiresAt = (writtenAt: Date): number =>
  Math.floor(writtenAt.getTime() / 1000) + UNPAID_KEEP_DAYS * DAY_SECONDS;

/** The erasure time of a donation kept until `retainUntil` (a day, `YYYY-MM-DD`): the start of the next day. */
export function retainedExpiresAt(retainUntil: string): number {
  const [y, m, d] = retainUntil.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d + 1) / 1000;
}

/** What a paid event must match before a donation counts as paid. */
export interface PaymentFacts {
  amount_total: number;
  currency: string;
  destination: string | null;
  application_fee_amount: number | null;
}

/** The first difference between a payment and its donation, or null when they match. */
export function mismatchOf(donation: Donation, paid: PaymentFacts): string | null {
  if (paid.amount_total !== donation.total_pence)
    return `amount ${paid.amount_total} != ${donation.total_pence}`;
  if (paid.currency !== donation.currency) return `currency ${paid.currency}`;
  if (paid.destination !== donation.stripe_account_id) return 'destination differs';
  if (paid.application_fee_amount !== donation.application_fee_pence) return 'application fee differs';
  return null;
}

/**
 * What a paid donation adds to its charity's totals (`sign` 1), or takes away (-1): its gross, one paid
 * donation of its month and donor, and its Gift Aid while in no claim.
 */
export function contributionOf(donation: Donation, sign: 1 | -1, paidAt = donation.paid_at): TotalsDelta {
  if (!paidAt) throw new Error('contributionOf: the donation has no paid_at');
  return {
    userId: donation.charity_user_id,
    month: ukMonth(paidAt),
    email: donation.email,
    raised_pence: sign * donation.donation_pence,
    paid_count: sign,
    gift_aid_unclaimed_pence: donation.gift_aid && !donation.claim_id ? sign * donation.donation_pence : 0,
  };
}
