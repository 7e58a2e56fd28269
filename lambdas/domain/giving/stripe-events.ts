import { ErrorCode } from '@shared/api/error-codes';
import type { EmailSender } from '../../adapters/email';
import { PaymentsError, type PaymentsPort } from '../../adapters/payments';
import type { CharityData } from '../../data/charities';
import { type Donation, type DonationData, mismatchOf } from '../../data/donations';
import type { StripeEventData } from '../../data/stripe-events';
import { AppError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { verifyStripeSignature } from '../../lib/stripe-signature';
import { retainUntil } from '../donations/uk-time';
import { chargeRefunded, disputeClosed, disputeCreated } from './money-events';
import { type PayoutDeps, payoutEvent } from './payouts';
import { receiptEmail } from './receipt-email';

/** The part of a Stripe event we read. */
export interface StripeEvent {
  id: string;
  type: string;
  livemode: boolean;
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
    | 'recordDecline'
    | 'recordCharge'
    | 'claimReceipt'
    | 'releaseReceipt'
    // The charity's money (issue 33): refunds and disputes.
    | 'markRefunded'
    | 'markDisputed'
    | 'closeDispute'
    | 'claimNotice'
    | 'releaseNotice'
  >;
  payments: Pick<PaymentsPort, 'getPaymentIntent' | 'getBalanceTransactionFee' | 'getCharge'>;
  /** The charity's account email (a dispute is mailed to it). */
  charities: Pick<CharityData, 'getProfile'>;
  email: EmailSender;
  siteUrl: string;
  /** Logs an error line the mismatch alarm counts (never the donor's details). */
  alarm: (message: string, extra: Record<string, unknown>) => void;
}

export interface ConnectDeps extends WebhookDeps, PayoutDeps {
  charities: Pick<CharityData, 'setChargesEnabled'>;
}

const badSignature = () =>
  new AppError({
    statusCode: 400,
    code: ErrorCode.BadSignature,
    message: 'The webhook signature is not valid.',
  });

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const metadataOf = (object: Record<string, unknown>) =>
  (object.metadata && typeof object.metadata === 'object' ? object.metadata : {}) as Record<string, unknown>;

/**
 * Verifies and reads an event: the raw bytes against the signature (before any parsing), then the JSON. A bad
 * signature is a 400 (Stripe shows it on the endpoint); an event of the other mode is acknowledged unread.
 */
async function readEvent(
  deps: WebhookDeps,
  input: { body: string; signature?: string },
): Promise<StripeEvent | null> {
  const rawBody = Buffer.from(input.body, 'base64');
  const verdict = verifyStripeSignature({
    rawBody,
    header: input.signature,
    secret: await deps.signingSecret(),
    nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
  });
  if (verdict !== 'valid') {
    recordMetric('WebhookSignatureFailures');
    deps.warn('webhook signature refused', { verdict });
    throw badSignature();
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as StripeEvent;
  } catch {
    throw badSignature();
  }
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  )
    throw badSignature();
  if (event.livemode !== deps.livemode) {
    deps.warn('webhook of the other mode ignored', { id: event.id, livemode: event.livemode });
    return null;
  }
  if (await deps.events.seen(event.id)) return null;
  return event;
}

/** Handles an event once: a redelivery is acknowledged; every change it makes is conditional anyway. */
async function receive<D extends WebhookDeps>(
  deps: D,
  input: { body: string; signature?: string },
  handle: (deps: D, event: StripeEvent) => Promise<void>,
): Promise<{ received: true }> {
  const event = await readEvent(deps, input);
  if (event) {
    await handle(deps, event);
    await deps.events.record(event.id, event.type, deps.clock.now());
  }
  return { received: true };
}

/** Sends the receipt of a paid donation exactly once; a failed send gives the claim back (Stripe retries). */
async function sendReceipt(deps: PlatformDeps, donation: Donation): Promise<void> {
  const at = deps.clock.now().toISOString();
  if (!(await deps.donations.claimReceipt(donation.id, at))) return;
  try {
    await deps.email.send(receiptEmail({ ...donation, status: 'paid' }, deps.siteUrl));
  } catch (error) {
    await deps.donations.releaseReceipt(donation.id, at);
    throw error;
  }
}

/** The payment intent as Stripe has it; null when Stripe does not know it (a forged or foreign event). */
async function paymentIntent(deps: PlatformDeps, id: string) {
  try {
    return await deps.payments.getPaymentIntent(id);
  } catch (error) {
    if (error instanceof PaymentsError && error.failure === 'not-found') return null;
    throw error;
  }
}

/** The name the charity sees: Checkout's (the cardholder's), else the Gift Aid name; none when anonymous. */
export function donorName(donation: Donation, session: Record<string, unknown>): string | null {
  if (donation.anonymous) return null;
  const details = session.customer_details as { name?: unknown } | null | undefined;
  const name = text(details?.name)?.trim().slice(0, 200);
  if (name) return name;
  return donation.gift_aid ? `${donation.gift_aid.first_name} ${donation.gift_aid.last_name}` : null;
}

async function sessionCompleted(deps: PlatformDeps, session: Record<string, unknown>): Promise<void> {
  const donationId = text(metadataOf(session).donation_id) ?? text(session.client_reference_id);
  const donation = donationId ? await deps.donations.get(donationId) : undefined;
  if (!donation) {
    deps.warn('completed session for no donation of ours', { session: text(session.id) });
    return;
  }
  if (session.payment_status !== 'paid') return;
  const intentId = text(session.payment_intent);
  const intent = intentId ? await paymentIntent(deps, intentId) : null;
  const mismatch =
    !intent || intent.donationId !== donation.id
      ? 'payment intent does not name this donation'
      : mismatchOf(donation, {
          amount_total: typeof session.amount_total === 'number' ? session.amount_total : -1,
          currency: text(session.currency) ?? '',
          destination: intent.destination,
          application_fee_amount: intent.applicationFeeAmount,
        });
  if (mismatch) {
    // Money moved all the same: the flagged donation is kept as long as a paid one.
    if (await deps.donations.flag(donation.id, mismatch, retainUntil(deps.clock.now().toISOString()))) {
      recordMetric('DonationMismatches');
      deps.alarm('paid session does not match its donation', { donation: donation.id, reason: mismatch });
    }
    return;
  }
  const paidAt = deps.clock.now().toISOString();
  const paid = await deps.donations.markPaid(donation, {
    payment_intent_id: intent?.id ?? '',
    paid_at: paidAt,
    donor_name: donorName(donation, session),
    retain_until: retainUntil(paidAt),
  });
  if (paid) recordMetric('DonationsPaid');
  const now = await deps.donations.get(donation.id);
  if (now?.status === 'paid') await sendReceipt(deps, now);
}

async function chargeChanged(deps: PlatformDeps, charge: Record<string, unknown>): Promise<void> {
  const donationId = text(metadataOf(charge).donation_id);
  const chargeId = text(charge.id);
  if (!donationId || !chargeId) return;
  const txn = text(charge.balance_transaction);
  const card = (charge.payment_method_details as { card?: { country?: unknown } } | undefined)?.card;
  await deps.donations.recordCharge(donationId, {
    charge_id: chargeId,
    stripe_fee_pence: txn ? await deps.payments.getBalanceTransactionFee(txn) : null,
    card_country: text(card?.country),
  });
}

async function platformEvent(deps: PlatformDeps, event: StripeEvent): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionCompleted(deps, object);
    case 'checkout.session.expired': {
      const donationId = text(metadataOf(object).donation_id);
      if (donationId) await deps.donations.markExpired(donationId);
      return;
    }
    case 'payment_intent.payment_failed': {
      recordMetric('DonationDeclines');
      const donationId = text(metadataOf(object).donation_id);
      const error = object.last_payment_error as { decline_code?: unknown; code?: unknown } | undefined;
      if (donationId)
        await deps.donations.recordDecline(
          donationId,
          text(error?.decline_code) ?? text(error?.code) ?? 'declined',
        );
      return;
    }
    case 'charge.succeeded':
    case 'charge.updated':
      return chargeChanged(deps, object);
    // The charity's money (issue 33): refunds (ours or from Stripe's dashboard) and disputes.
    case 'charge.refunded':
      return chargeRefunded(deps, object);
    case 'charge.dispute.created':
      return disputeCreated(deps, object);
    case 'charge.dispute.closed':
      return disputeClosed(deps, object);
    default:
      return;
  }
}

async function connectEvent(deps: ConnectDeps, event: StripeEvent): Promise<void> {
  // Payouts (issue 33, REPORTS): `payout.paid` / `payout.failed`.
  if (event.type.startsWith('payout.')) return payoutEvent(deps, event);
  if (event.type !== 'account.updated') return;
  const account = event.data.object;
  const accountId = text(account.id);
  const userId = text(metadataOf(account).charity_id);
  if (!accountId || !userId) return;
  // Only while it is still the charity's payment account: a late event about a replaced account changes nothing.
  await deps.charities.setChargesEnabled(userId, accountId, account.charges_enabled === true);
}

/** `POST /api/stripe/webhook`: Checkout, payment intents and charges of the platform account. */
export const receivePlatformEvent = (deps: PlatformDeps, input: { body: string; signature?: string }) =>
  receive(deps, input, platformEvent);

/** `POST /api/stripe/connect-webhook`: connected accounts' events, with their own signing secret. */
export const receiveConnectEvent = (deps: ConnectDeps, input: { body: string; signature?: string }) =>
  receive(deps, input, connectEvent);
