import { PaymentsError } from '../../adapters/payments';
import type { Donation } from '../../data/donations';
import { ServiceUnavailableError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { disputeEmail, refundFailedEmail } from './money-emails';
import { sendNoticeOnce, sendRefundEmail } from './notices';
import { metadataOf, type PlatformDeps, text } from './webhook-types';

/**
 * The platform events of the charity's money (issue 33): `charge.refunded` (our refund route's, or one made in
 * Stripe's dashboard), a refund that fails after it succeeded, and disputes. Each moves the donation
 * conditionally (its totals in the same transaction), so a redelivered or reordered event changes nothing
 * twice; each notice is claimed once.
 */

/**
 * An event that arrived before the one it follows (Stripe promises no order): failing it makes Stripe deliver
 * it again later, by when the earlier one has been handled.
 */
const tooEarly = (what: string) =>
  new ServiceUnavailableError(undefined, new Error(`${what} arrived before the event it follows`));

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

/** The donation of a charge Stripe names by id (a dispute's, a refund's): read from Stripe, not trusted. */
async function donationOfChargeId(deps: PlatformDeps, chargeId: string | null) {
  if (!chargeId) return null;
  try {
    return await donationOfCharge(deps, await deps.payments.getCharge(chargeId));
  } catch (error) {
    if (error instanceof PaymentsError && error.failure === 'not-found') {
      deps.warn('event of a charge Stripe does not know', { charge: chargeId });
      return null;
    }
    throw error;
  }
}

/** `charge.refunded`: a whole refund moves a paid donation to refunded and tells the donor (once). */
export async function chargeRefunded(deps: PlatformDeps, charge: Record<string, unknown>): Promise<void> {
  const donation = await donationOfCharge(deps, {
    id: text(charge.id),
    donationId: text(metadataOf(charge).donation_id),
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

/**
 * `charge.refund.updated`, `refund.updated`, `refund.failed`: a refund Stripe reported `succeeded` and then
 * `failed` (the donor's card closed, say). The money never left: the donation moves to refund_failed, back in
 * the charity's figures, an alarm is raised, and the charity is told what to do (once). Other statuses change
 * nothing.
 */
export async function refundUpdated(deps: PlatformDeps, refund: Record<string, unknown>): Promise<void> {
  if (refund.status !== 'failed') return;
  const donation = await donationOfChargeId(deps, text(refund.charge));
  if (!donation) return;
  // Its refund not recorded yet (charge.refunded or the route): Stripe delivers this again later.
  if (donation.status === 'paid' || donation.status === 'pending') throw tooEarly(`refund ${refund.status}`);
  const moved = await deps.donations.markRefundFailed(donation, {
    refund_failed_at: deps.clock.now().toISOString(),
    refund_failure_reason: text(refund.failure_reason) ?? 'unknown',
  });
  if (moved) {
    recordMetric('RefundsFailed');
    deps.alarm('a refund failed after it succeeded', { donation: donation.id, refund: text(refund.id) });
  }
  const now = await deps.donations.get(donation.id);
  if (now?.status !== 'refund_failed') return;
  await sendNoticeOnce(deps, now.id, 'refund_failed_email_sent_at', async () => {
    const profile = await deps.charities.getProfile(now.charity_user_id);
    return profile ? refundFailedEmail(now, profile.email) : null;
  });
}

/** An inquiry: the bank asks questions, no money moves (the donation stays paid and counted). */
const isInquiry = (status: string) => status.startsWith('warning_');

/**
 * `charge.dispute.created`, `.updated` and `.funds_withdrawn`: an inquiry is recorded on the paid donation
 * (still counted); a chargeback moves paid → disputed (out of the totals, the charity told once), or updates
 * the open dispute's status. A dispute that has ended is never opened again by a late event.
 */
export async function disputeChanged(deps: PlatformDeps, dispute: Record<string, unknown>): Promise<void> {
  const disputeId = text(dispute.id);
  const status = text(dispute.status);
  if (!disputeId || !status) return;
  const donation = await donationOfChargeId(deps, text(dispute.charge));
  if (!donation) return;
  if (donation.status === 'pending') throw tooEarly('charge.dispute');
  const facts = { dispute_id: disputeId, dispute_status: status };
  if (isInquiry(status)) {
    await deps.donations.noteInquiry(donation.id, facts);
    return;
  }
  if (donation.status === 'disputed') {
    await deps.donations.updateDispute(donation.id, facts);
    return;
  }
  const moved = await deps.donations.markDisputed(donation, {
    ...facts,
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

/**
 * `charge.dispute.closed`: won, back to paid (and the totals); lost, it stays disputed, marked lost; an inquiry
 * closed (`warning_closed`), the paid donation records it.
 */
export async function disputeClosed(deps: PlatformDeps, dispute: Record<string, unknown>): Promise<void> {
  const disputeId = text(dispute.id);
  const status = text(dispute.status);
  if (!disputeId || !status) return;
  const donation = await donationOfChargeId(deps, text(dispute.charge));
  if (!donation) return;
  if (donation.status === 'refunded' || donation.status === 'refund_failed') {
    deps.alarm('dispute closed on a refunded donation', {
      donation: donation.id,
      dispute: disputeId,
      status,
    });
    return;
  }
  // Its opening not recorded yet: Stripe delivers this again later.
  if (donation.status === 'pending' || donation.dispute_id !== disputeId)
    throw tooEarly('charge.dispute.closed');
  await deps.donations.closeDispute(donation, { dispute_id: disputeId, dispute_status: status });
}
