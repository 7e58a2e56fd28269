import { brand } from '@shared/brand';
import { giftAidOn } from '@shared/donations';
import { formatPence } from '@shared/giving';
import { escapeHtml } from '@shared/html';
import type { EmailMessage } from '../../adapters/email';
import type { Donation } from '../../data/donations';
import { layout, longDate } from '../charity-accounts/emails';

const pounds = (pence: number) => formatPence(pence, { always: true });
const paragraphs = (lines: string[]) =>
  lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');

/**
 * What happens to the Gift Aid of a refunded donation, truthfully for each case (issue 42): not claimed yet,
 * it never will be; already claimed from HMRC, the charity pays it back through its next claim.
 */
function giftAidAfterRefund(donation: Donation): string[] {
  if (!donation.gift_aid) return [];
  if (!donation.claim_id) return ['The charity will not claim Gift Aid on this donation.'];
  return [
    `The charity had already claimed Gift Aid of ${pounds(giftAidOn(donation.donation_pence))} on this donation from HMRC. It will pay that back to HMRC in its next Gift Aid claim. You do not need to do anything.`,
  ];
}

/**
 * The donor's refund email: the whole charge is returned to their card (the donation, the card fee and any
 * tip), with the reference, the charity and when the money should arrive.
 */
export function refundEmail(donation: Donation): EmailMessage {
  const subject = `Your donation to ${donation.charity_name} has been refunded`;
  const lines = [
    `${donation.charity_name} has refunded your donation.`,
    `Refunded to your card: ${pounds(donation.total_pence)} (the donation of ${pounds(donation.donation_pence)}${donation.tip_pence > 0 ? ` and your tip of ${pounds(donation.tip_pence)}` : ''}).`,
    'Refunds usually reach your account within 5 to 10 working days.',
    `Date of the donation: ${longDate(donation.paid_at ?? donation.created_at)}`,
    `Charity: ${donation.charity_name}, registered charity number ${donation.registration_number}`,
    `Reference: ${donation.id}`,
    ...giftAidAfterRefund(donation),
    `Questions? Email ${brand.supportEmail} with your reference.`,
  ];
  return { to: donation.email, subject, text: lines.join('\n'), html: layout(subject, paragraphs(lines)) };
}

/**
 * The charity's notice of a dispute (a chargeback the donor's bank opened): the donation, that it leaves the
 * totals while the dispute is open, and that Kindred handles the response with Stripe.
 */
export function disputeEmail(donation: Donation, to: string): EmailMessage {
  const subject = `A donation to ${donation.charity_name} is disputed`;
  const lines = [
    `The donor's bank has disputed a donation of ${pounds(donation.donation_pence)} made on ${longDate(donation.paid_at ?? donation.created_at)} (reference ${donation.id}).`,
    'While the dispute is open the donation is not counted in your totals or your Gift Aid to claim.',
    `${brand.productName} answers the dispute with Stripe. If the dispute is won the donation counts again; if it is lost, the money goes back to the donor's bank and the donation stays marked as disputed.`,
    `If you know this donor or the donation, please email ${brand.supportEmail} with the reference.`,
  ];
  return { to, subject, text: lines.join('\n'), html: layout(subject, paragraphs(lines)) };
}

/**
 * The charity's notice of a refund that failed after Stripe first reported it done (the donor's card was
 * closed, say): the money is still the charity's, counted again, and what to do now.
 */
export function refundFailedEmail(donation: Donation, to: string): EmailMessage {
  const subject = `A refund to a donor of ${donation.charity_name} did not go through`;
  const lines = [
    `The refund of the donation of ${pounds(donation.donation_pence)} made on ${longDate(donation.paid_at ?? donation.created_at)} (reference ${donation.id}) did not reach the donor: their bank or card sent it back.`,
    `The money is still with your charity, so the donation counts in your totals again. It is marked "Refund failed" in your donations${donation.claim_id ? '. Its Gift Aid was in an earlier claim: please ask us before claiming it again.' : ', and no Gift Aid will be claimed on it.'}`,
    `What to do: email ${brand.supportEmail} with the reference. We will contact the donor and arrange to return the money another way, and tell you what was agreed.`,
  ];
  return { to, subject, text: lines.join('\n'), html: layout(subject, paragraphs(lines)) };
}
