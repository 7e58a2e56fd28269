import type { EmailMessage, EmailSender } from '../../adapters/email';
import { PaymentsError } from '../../adapters/payments';
import type { Donation, DonationData, DonationNotice } from '../../data/donations';
import { ServiceUnavailableError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { disputeEmail, refundEmail } from './money-emails';
import type { PlatformDeps } from './stripe-events';

/**
 * The platform events of the charity's money (issue 33): `charge.refunded` (our refund route's, or one made in
 * Stripe's dashboard) and disputes. Each moves the donation conditionally (its totals in the same
 * transaction), so a redelivered or reordered event changes nothing twice; each notice is claimed once.
 */

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * An event that arrived before the one it follows (Stripe promises no order): failing it makes Stripe deliver
 * it again later, by when the earlier one has been handled.
 */
const tooEarly = (what: string) =>
  new ServiceUnavailableError(undefined, new Error(`${what} arrived before the event it follows`));

/**
 * Sends a notice of a donation's status once (claimed on the donation; a failed send gives the claim back,
 * so Stripe's retry, or the other of the route and the webhook, sends it).
 */
export async function sendNoticeOnce(
  deps: {
    donations: Pick<DonationData, 'claimNotice' | 'releaseNotice'>;
    email: EmailSender;
    clock: { now(): Date };
  },
  donationId: string,
  notice: DonationNotice,
  message: () => Promise<EmailMessage | null>,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  if (!(await deps.donations.claimNotice(donationId, notice, at))) return;
  try {
    const mail = await message();
    if (mail) await deps.email.send(mail);
  } catch (error) {
    await deps.donations.releaseNotice(donationId, notice, at);
    throw error;
  }
}

/** The donor's refund email, once (the refund route and `charge.refunded` both try). */
export const sendRefundEmail = (
  deps: Parameters<typeof sendNoticeOnce>[0],
  donation: Donation,
): Promise<void> =>
  sendNoticeOnce(deps, donation.id, 'refund_email_sent_at', async () => refundEmail(donation));

/** Our donation of a charge, only when the charge is the one it was paid with. */
async function donationOfCharge(
  deps: PlatformDeps,
  charge: { id: string | null; donationId: string | null; paymentIntentId: string | null },
): Promise<Donation | null> {
  const donation = charge.donationId ? await deps.donations.get(charge.donationId) : undefined;
  if (!donation || !charge.paymentIntentId || donation.payment_intent_id !== charge.paymentIntentId) {
    deps.warn('charge event for no donation of ours', { charge: charge.id });
    return null;
  }
  return donation;
}

/** `charge.refunded`: a whole refund moves a paid donation to refunded and tells the donor (once). */
export async function chargeRefunded(deps: PlatformDeps, charge: Record<string, unknown>): Promise<void> {
  const metadata = (charge.metadata ?? {}) as Record<string, unknown>;
  const donation = await donationOfCharge(deps, {
    id: text(charge.id),
    donationId: text(metadata.donation_id),
    paymentIntentId: text(charge.payment_intent),
  });
  if (!donation) return;
  if (donation.status === 'pending') throw tooEarly('charge.refunded');
  if (charge.refunded !== true) {
    // Kindred refunds whole charges only; a partial refund made in the dashboard is for a person to settle.
    deps.alarm('partial refund of a donation', { donation: donation.id, charge: text(charge.id) });
    return;
  }
  await deps.donations.markRefunded(donation, {
    refund_id: null,
    refunded_at: deps.clock.now().toISOString(),
  });
  const now = await deps.donations.get(donation.id);
  if (now?.status === 'refunded') await sendRefundEmail(deps, now);
}

/** The donation a dispute is about (through its charge: a dispute carries no metadata of ours). */
async function donationOfDispute(deps: PlatformDeps, dispute: Record<string, unknown>) {
  const chargeId = text(dispute.charge);
  if (!chargeId) return null;
  try {
    return await donationOfCharge(deps, await deps.payments.getCharge(chargeId));
  } catch (error) {
    if (error instanceof PaymentsError && error.failure === 'not-found') {
      deps.warn('dispute of a charge Stripe does not know', { charge: chargeId });
      return null;
    }
    throw error;
  }
}

/** `charge.dispute.created`: paid → disputed (out of the totals), a metric, and the charity told once. */
export async function disputeCreated(deps: PlatformDeps, dispute: Record<string, unknown>): Promise<void> {
  const donation = await donationOfDispute(deps, dispute);
  const disputeId = text(dispute.id);
  if (!donation || !disputeId) return;
  if (donation.status === 'pending') throw tooEarly('charge.dispute.created');
  const moved = await deps.donations.markDisputed(donation, {
    dispute_id: disputeId,
    dispute_status: text(dispute.status) ?? 'needs_response',
    disputed_at: deps.clock.now().toISOString(),
  });
  if (moved) {
    recordMetric('DonationDisputes');
    deps.warn('donation disputed', { donation: donation.id, dispute: disputeId });
  }
  const now = await deps.donations.get(donation.id);
  if (now?.status !== 'disputed' || now.dispute_id !== disputeId) return;
  await sendNoticeOnce(deps, now.id, 'dispute_email_sent_at', async () => {
    const profile = await deps.charities.getProfile(now.charity_user_id);
    // A deleted account has no address: the donation is kept, nobody to tell.
    return profile ? disputeEmail(now, profile.email) : null;
  });
}

/** `charge.dispute.closed`: won, back to paid (and the totals); lost, it stays disputed, marked lost. */
export async function disputeClosed(deps: PlatformDeps, dispute: Record<string, unknown>): Promise<void> {
  const donation = await donationOfDispute(deps, dispute);
  const disputeId = text(dispute.id);
  if (!donation || !disputeId) return;
  if (donation.status === 'pending' || (donation.status === 'paid' && donation.dispute_id !== disputeId))
    throw tooEarly('charge.dispute.closed');
  await deps.donations.closeDispute(donation, {
    dispute_id: disputeId,
    dispute_status: text(dispute.status) ?? 'lost',
  });
}
