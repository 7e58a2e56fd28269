import type { EmailSender } from '../../adapters/email';
import type { PaymentsPort } from '../../adapters/payments';
import type { CharityData } from '../../data/charities';
import type { DonationData } from '../../data/donations';
import type { RateCounters } from '../../data/rate-limits';
import type { StripeEventData } from '../../data/stripe-events';
import type { PayoutDeps } from './payouts';

/**
 * What the two webhook endpoints read and need: the event as Stripe sends it and each endpoint's dependencies.
 * Its own module, so the event handlers (`stripe-events.ts`, `money-events.ts`, `payment-events.ts`) import it
 * and never each other in a circle.
 */

/** The part of a Stripe event we read. */
export interface StripeEvent {
  id: string;
  type: string;
  livemode: boolean;
  /** Epoch seconds: when Stripe made the event (not when it was delivered). */
  created?: number;
  account?: string;
  data: { object: Record<string, unknown> };
}

export interface WebhookDeps {
  /** The endpoint's signing secret (`whsec_…`). */
  signingSecret: () => Promise<string>;
  /** Whether this stage takes live payments: events of the other mode are acknowledged and ignored. */
  livemode: boolean;
  events: Pick<StripeEventData, 'seen' | 'record'>;
  clock: { now(): Date };
  warn: (message: string, extra: Record<string, unknown>) => void;
}

export interface PlatformDeps extends WebhookDeps {
  donations: Pick<
    DonationData,
    | 'get'
    | 'markPaid'
    | 'flag'
    | 'markExpired'
    | 'markFailed'
    | 'recordDecline'
    | 'recordCharge'
    // The charity's money (issue 33): refunds and disputes.
    | 'markRefunded'
    | 'markRefundFailed'
    | 'markDisputed'
    | 'noteInquiry'
    | 'updateDispute'
    | 'closeDispute'
    | 'claimNotice'
    | 'releaseNotice'
  >;
  payments: Pick<
    PaymentsPort,
    'getPaymentIntent' | 'getBalanceTransactionFee' | 'getCharge' | 'expireCheckoutSession'
  >;
  /** Declines counted per source (card testing, `card-testing.ts`). */
  rates: Pick<RateCounters, 'count'>;
  /** The charity's account email (a dispute or a failed refund is mailed to it). */
  charities: Pick<CharityData, 'getProfile'>;
  email: EmailSender;
  siteUrl: string;
  /** Logs an error line the mismatch alarm counts (never the donor's details). */
  alarm: (message: string, extra: Record<string, unknown>) => void;
}

export interface ConnectDeps extends WebhookDeps, PayoutDeps {
  charities: Pick<CharityData, 'setChargesEnabled'>;
}

export const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
export const metadataOf = (object: Record<string, unknown>) =>
  (object.metadata && typeof object.metadata === 'object' ? object.metadata : {}) as Record<string, unknown>;
