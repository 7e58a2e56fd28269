import { brand } from '@shared/brand';
import { formatPence } from '@shared/giving';
import { escapeHtml } from '@shared/html';
import type { EmailMessage } from '../../adapters/email';
import type { Donation } from '../../data/donations';
import { layout, longDate } from '../charity-accounts/emails';

/**
 * The donor's receipt, sent once the payment is confirmed: the donation, the card fee, the tip as its own line,
 * the total, the date, the charity's registered name and number, the reference, Gift Aid with the declaration
 * and what to do if their tax changes, and how a genuine mistake is put right.
 */
export function receiptEmail(donation: Donation, siteUrl: string): EmailMessage {
  const pounds = (pence: number) => formatPence(pence, { always: true });
  const subject = `Your donation to ${donation.charity_name}`;
  const rows: [string, string][] = [
    [`Donation to ${donation.charity_name}`, pounds(donation.donation_pence)],
    ['Card fee (taken from the donation)', `− ${pounds(donation.card_fee_pence)}`],
    [`${donation.charity_name} receives`, pounds(donation.donation_pence - donation.card_fee_pence)],
    [`Optional tip to ${brand.productName}`, pounds(donation.tip_pence)],
    ['Total charged to your card', pounds(donation.total_pence)],
  ];
  const giftAid = donation.gift_aid;
  const giftAidLines = giftAid
    ? [
        `Gift Aid: yes. ${donation.charity_name} can claim 25p for every £1 of your donation from HMRC.`,
        `Your declaration (${longDate(giftAid.declared_at)}): "${giftAid.text}"`,
        'If you stop paying enough Income Tax or Capital Gains Tax, or change your name or home address, please tell the charity. You can cancel the declaration at any time by telling the charity.',
      ]
    : ['Gift Aid: no.'];
  const facts = [
    `Date: ${longDate(donation.paid_at ?? donation.created_at)}`,
    `Charity: ${donation.charity_name}, registered charity number ${donation.registration_number}`,
    `Reference: ${donation.id}`,
  ];
  const mistakes = `Donations are final. If you made a genuine mistake (the wrong amount, or a donation made twice), email ${brand.supportEmail} within 30 days with your reference and we will put it right. Our fees and charges: ${siteUrl.replace(/\/+$/, '')}/fees`;
  const text = [
    'Thank you for your donation.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...facts,
    '',
    ...giftAidLines,
    '',
    `None of your donation goes to ${brand.productName}: your tip is what funds us.`,
    mistakes,
  ].join('\n');
  const cell = 'padding:6px 0;border-bottom:1px solid #E5DED3';
  const html = layout(
    subject,
    `<p style="margin:0 0 16px;font-size:18px">Thank you for your donation.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
${rows.map(([label, value], i) => `<tr><td style="${cell}${i === rows.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td align="right" style="${cell}${i === rows.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${facts.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join('\n')}
${giftAidLines.map((line) => `<p style="margin:16px 0 0">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:16px 0 0">None of your donation goes to ${escapeHtml(brand.productName)}: your tip is what funds us.</p>
<p style="margin:16px 0 0;font-size:13px">${escapeHtml(mistakes)}</p>`,
  );
  return { to: donation.email, subject, text, html };
}
