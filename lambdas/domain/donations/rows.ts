import type { DonationRow } from '@shared/api/schemas/donations';
import type { ListedDonation } from '../../data/donation-list';
import { refundDeadline } from './uk-time';

/** The donor's name as the charity sees it: none when they gave anonymously (shown "Anonymous"). */
export const shownName = (d: Pick<ListedDonation, 'anonymous' | 'donor_name'>): string | null =>
  d.anonymous ? null : (d.donor_name ?? null);

/**
 * The donor's email, only where they agreed to hear from the charity and did not give anonymously (anonymity
 * wins, decision 17.12: the route refuses the pair, and a donation stored with both still shows no email).
 */
export const shownEmail = (d: Pick<ListedDonation, 'may_email' | 'email' | 'anonymous'>): string | null =>
  d.may_email && !d.anonymous ? d.email : null;

/**
 * A donation as its charity sees it: the gross gift, the card fee and what the charity receives; the donor's
 * name unless anonymous, the email only where the donor agreed; refundable until 30 days after payment.
 */
export function donationRow(donation: ListedDonation, now: Date): DonationRow {
  const paidAt = donation.paid_at ?? donation.created_at;
  const deadline = refundDeadline(paidAt);
  return {
    id: donation.id,
    reference: donation.id,
    date: paidAt,
    amount_pence: donation.donation_pence,
    card_fee_pence: donation.card_fee_pence,
    net_pence: donation.donation_pence - donation.card_fee_pence,
    gift_aid: Boolean(donation.gift_aid),
    donor_name: shownName(donation),
    message: donation.message ?? null,
    email: shownEmail(donation),
    status: donation.status as DonationRow['status'],
    refundable_until: donation.status === 'paid' && now.toISOString() <= deadline ? deadline : null,
    claim_id: donation.claim_id ?? null,
  };
}
