import { PaymentsError } from '../../adapters/payments';
import { type Donation, mismatchOf } from '../../data/donations';
import { recordMetric } from '../../lib/metrics';
import { retainUntil } from '../donations/uk-time';
import { CARD_ATTEMPTS_PER_DONATION, DECLINE_LIMIT } from './card-testing';
import { sendReceipt } from './notices';
import { metadataOf, type PlatformDeps, type StripeEvent, text } from './webhook-types';

/**
 * The platform events of a donor's payment: a Checkout Session completed (paid at once by card, or later by a
 * delayed method: `checkout.session.async_payment_succeeded` / `_failed`), expired, declined, and the charge's
 * facts. Each change is conditional on the donation's status, so a duplicated or reordered event moves it once.
 */

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

/**
 * When the money was taken, as Stripe has it: the charge's time (read from Stripe), else the event's. Never
 * when the webhook ran: a payment at 23:50 on 31 January delivered late belongs to January (its month, its HMRC
 * date, its 30-day refund window and its retention date).
 */
function paidAtOf(chargeCreated: number | null, event: StripeEvent, fallback: Date): string {
  const seconds = chargeCreated ?? (typeof event.created === 'number' ? event.created : null);
  return seconds === null ? fallback.toISOString() : new Date(seconds * 1000).toISOString();
}

async function donationOfSession(deps: PlatformDeps, session: Record<string, unknown>) {
  const donationId = text(metadataOf(session).donation_id) ?? text(session.client_reference_id);
  const donation = donationId ? await deps.donations.get(donationId) : undefined;
  if (!donation) deps.warn('session event for no donation of ours', { session: text(session.id) });
  return donation;
}

/**
 * `checkout.session.completed` and `checkout.session.async_payment_succeeded`: a session whose payment is paid
 * moves its donation to paid (after checking Stripe's payment intent names it and its amounts), then the
 * receipt goes once. A session completed `unpaid` (a delayed method) waits for its `async_payment_*` event.
 */
export async function sessionPaid(
  deps: PlatformDeps,
  session: Record<string, unknown>,
  event: StripeEvent,
): Promise<void> {
  const donation = await donationOfSession(deps, session);
  if (!donation || session.payment_status !== 'paid') return;
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
  const paidAt = paidAtOf(intent?.chargeCreated ?? null, event, deps.clock.now());
  const paid = await deps.donations.markPaid(donation, {
    payment_intent_id: intent?.id ?? '',
    paid_at: paidAt,
    donor_name: donorName(donation, session),
    retain_until: retainUntil(paidAt),
  });
  if (paid) recordMetric('DonationsPaid');
  const now = await deps.donations.get(donation.id);
  if (now?.status === 'paid') return sendReceipt(deps, now);
  if (!paid && (now?.status === 'expired' || now?.status === 'failed')) {
    // Money was taken for a donation that had ended unpaid: a person must look (refund or reinstate it).
    recordMetric('DonationMismatches');
    deps.alarm('paid session for a donation that ended unpaid', {
      donation: donation.id,
      status: now.status,
    });
  }
}

/** `checkout.session.async_payment_failed`: the delayed payment did not arrive; the donation failed. */
export async function sessionPaymentFailed(deps: PlatformDeps, session: Record<string, unknown>) {
  const donation = await donationOfSession(deps, session);
  if (donation && (await deps.donations.markFailed(donation.id))) recordMetric('DonationDeclines');
}

/** `checkout.session.expired`: the session ran out unpaid. */
export async function sessionExpired(deps: PlatformDeps, session: Record<string, unknown>) {
  const donationId = text(metadataOf(session).donation_id);
  if (donationId) await deps.donations.markExpired(donationId);
}

/**
 * `payment_intent.payment_failed`: a declined attempt. The session stays open for another card, up to
 * {@link CARD_ATTEMPTS_PER_DONATION} declined attempts: then it is closed at Stripe (card testing gets three
 * tries a donation, and a source a few donations an hour). Each new decline is also counted against the
 * donation's source, which create-donation refuses once it reaches its hourly bound. The `DonationDeclines`
 * metric's alarm watches for a burst.
 */
export async function paymentDeclined(
  deps: PlatformDeps,
  intent: Record<string, unknown>,
  event: StripeEvent,
): Promise<void> {
  recordMetric('DonationDeclines');
  const donationId = text(metadataOf(intent).donation_id);
  if (!donationId) return;
  const error = intent.last_payment_error as { decline_code?: unknown; code?: unknown } | undefined;
  const decline = await deps.donations.recordDecline(
    donationId,
    text(error?.decline_code) ?? text(error?.code) ?? 'declined',
    event.id,
  );
  if (!decline) return;
  if (decline.isNew && decline.source)
    await deps.rates.count(DECLINE_LIMIT.scope, decline.source, DECLINE_LIMIT.rule.window, deps.clock.now());
  if (decline.attempts >= CARD_ATTEMPTS_PER_DONATION && decline.sessionId) {
    await deps.payments.expireCheckoutSession(decline.sessionId);
    deps.warn('checkout closed after declined attempts', {
      donation: donationId,
      attempts: decline.attempts,
    });
  }
}

/** `charge.succeeded` / `charge.updated`: Stripe's real fee and the card's country. */
export async function chargeChanged(deps: PlatformDeps, charge: Record<string, unknown>): Promise<void> {
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
