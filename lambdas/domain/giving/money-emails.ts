import { brand } from '@shared/brand';
import { formatPence } from '@shared/giving';
import { escapeHtml } from '@shared/html';
import type { EmailMessage } from '../../adapters/email';
import type { Donation } from '../../data/donations';
import { layout, longDate } from '../charity-accounts/emails';

const pounds = (pence: number) => formatPence(pence, { always: true });
const paragraphs = (lines: string[]) =>
  lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');

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
    ...(donation.gift_aid ? ['The charity will not claim Gift Aid on this donation.'] : []),
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
