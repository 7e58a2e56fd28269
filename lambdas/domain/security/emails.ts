import { brand } from '@shared/brand';
import type { EmailMessage } from '../../adapters/email';
import { escapeHtml, layout, longDate } from '../charity-accounts/emails';

/** A short security notice: what happened, when, and what to do if it was not the reader. */
function notice(input: { to: string; subject: string; lines: string[]; at: string }): EmailMessage {
  const when = longDate(input.at);
  const ifNotYou = `If this was not you, reset your password from the sign-in page now and tell us at ${brand.securityEmail}.`;
  const text = ['Hello,', '', ...input.lines.map((l) => l.replace('{when}', when)), '', ifNotYou].join('\n');
  const html = layout(
    input.subject,
    `<p style="margin:0 0 16px">Hello,</p>
${input.lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l.replace('{when}', when))}</p>`).join('\n')}
<p style="margin:0">If this was not you, reset your password from the sign-in page now and tell us at <a href="mailto:${brand.securityEmail}" style="color:#0E5A52">${brand.securityEmail}</a>.</p>`,
  );
  return { to: input.to, subject: input.subject, text, html };
}

/** To the sign-in address: two-step sign-in was turned on or off. */
export function twoStepChangedEmail(input: { to: string; on: boolean; at: string }): EmailMessage {
  const product = brand.productName;
  return input.on
    ? notice({
        to: input.to,
        at: input.at,
        subject: `Two-step sign-in is on for your ${product} account`,
        lines: [
          `Two-step sign-in was turned on for your ${product} charity account on {when}. Signing in now needs a code from the authenticator app that was set up, and every device was signed out.`,
        ],
      })
    : notice({
        to: input.to,
        at: input.at,
        subject: `Two-step sign-in is off for your ${product} account`,
        lines: [
          `Two-step sign-in was turned off for your ${product} charity account on {when}. Signing in now needs only the password.`,
        ],
      });
}

/** To the sign-in address and the register's address: the account donations are paid into changed. */
export function paymentAccountChangedEmail(input: {
  to: string;
  charityName: string;
  accountId: string;
  at: string;
}): EmailMessage {
  const last4 = input.accountId.slice(-4);
  return notice({
    to: input.to,
    at: input.at,
    subject: `The payment account of ${input.charityName} on ${brand.productName} changed`,
    lines: [
      `The payment account that donations to ${input.charityName} on ${brand.productName} are paid into was connected or changed on {when}. It is the account ending ${last4}.`,
      'We send this to the sign-in address of the charity account and to the address the Charity Commission register holds for the charity.',
    ],
  });
}
