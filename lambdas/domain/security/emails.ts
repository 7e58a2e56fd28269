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

/** To the register's address: the code that proves control of it for a payout change (issue 41). */
export function payoutCodeEmail(input: {
  to: string;
  code: string;
  charityName: string;
  expiresAt: string;
}): EmailMessage {
  const { code, charityName } = input;
  const product = brand.productName;
  const subject = `Your ${product} payout code for ${charityName}`;
  const when = longDate(input.expiresAt);
  const lines = [
    `Someone signed in to the ${product} account of ${charityName} asked to connect or change the account donations are paid into, or to turn off two-step sign-in.`,
    `We sent this code to the email address the Charity Commission register holds for ${charityName}, to confirm the charity agrees.`,
  ];
  const text = [
    'Hello,',
    '',
    ...lines,
    '',
    `Your code is: ${code}`,
    '',
    `It expires on ${when}. If nobody at ${charityName} asked for it, do not share it: reset the account's password from the sign-in page and tell us at ${brand.securityEmail}.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0 8px">Your code is:</p>
<p style="margin:0 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#0E5A52">${code}</p>
<p style="margin:0">It expires on ${escapeHtml(when)}. If nobody at ${escapeHtml(charityName)} asked for it, do not share it: reset the account's password from the sign-in page and tell us at <a href="mailto:${brand.securityEmail}" style="color:#0E5A52">${brand.securityEmail}</a>.</p>`,
  );
  return { to: input.to, subject, text, html };
}

/**
 * To the sign-in address and the register's address: a change of payout account is on hold, when it takes
 * effect, and the "this wasn't me" link that cancels it and locks the account.
 */
export function payoutChangeHeldEmail(input: {
  to: string;
  charityName: string;
  newAccountId: string;
  currentAccountId: string;
  effectiveAt: string;
  notMeLink: string;
}): EmailMessage {
  const product = brand.productName;
  const subject = `The payout account of ${input.charityName} on ${product} is changing`;
  const when = longDate(input.effectiveAt);
  const lines = [
    `Someone signed in to the ${product} account of ${input.charityName} asked to change the account donations are paid into, to the account ending ${input.newAccountId.slice(-4)}.`,
    `The change takes effect on ${when}. Until then donations keep going to the current account, ending ${input.currentAccountId.slice(-4)}.`,
    'We send this to the sign-in address of the charity account and to the address the Charity Commission register holds for the charity.',
  ];
  const stop = `Nobody at ${input.charityName} asked for this? Open this link before then: it cancels the change and locks the account until our team has spoken to you.`;
  const text = ['Hello,', '', ...lines, '', stop, input.notMeLink].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:0">Nobody at ${escapeHtml(input.charityName)} asked for this? <a href="${escapeHtml(input.notMeLink)}" style="color:#0E5A52">This wasn't me: cancel the change and lock the account</a>. The link works until the change takes effect.</p>`,
  );
  return { to: input.to, subject, text, html };
}
