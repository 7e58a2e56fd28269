import { brand } from '@shared/brand';
import type { EmailMessage } from '../../adapters/email';
import { maskEmail } from '../../lib/redact';

export { maskEmail };

import { escapeHtml } from '@shared/html';

export { escapeHtml };
export const longDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#FBF6EE;font-family:Arial,Helvetica,sans-serif;color:#1F2A28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0E5A52">${escapeHtml(brand.productName)}</p>
${bodyHtml}
<p style="margin:32px 0 0;font-size:13px;color:#4A5552">Questions? Email <a href="mailto:${brand.supportEmail}" style="color:#0E5A52">${brand.supportEmail}</a> or call ${brand.supportPhone}.</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** The verification code, sent to the email the register holds for the charity. */
export function verificationCodeEmail(input: {
  to: string;
  code: string;
  charityName: string;
  signInEmail: string;
  expiresAt: string;
  /** "This wasn't me": removes the registration and its limits (single use, lives as long as the code). */
  notMeLink: string;
}): EmailMessage {
  const { code, charityName, expiresAt, notMeLink } = input;
  const signInEmail = maskEmail(input.signInEmail);
  const subject = `Your ${brand.productName} verification code`;
  const text = [
    `Hello,`,
    '',
    `Someone using the email ${signInEmail} has registered ${charityName} on ${brand.productName}, a giving platform for small UK charities.`,
    `We sent this code to the email address the Charity Commission register holds for ${charityName}, to confirm the charity agrees.`,
    '',
    `Your verification code is: ${code}`,
    '',
    `It expires on ${longDate(expiresAt)}. If the charity is not verified by then, the account is deleted automatically.`,
    '',
    `Nobody at ${charityName} registered? Open this link to remove the registration and the limits it used up, so the charity can register itself straight away (it works once, until the code expires):`,
    notMeLink,
    '',
    `If you did not expect this email, you can ignore it, or tell us at ${brand.supportEmail}.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">Someone using the email <strong>${escapeHtml(signInEmail)}</strong> has registered <strong>${escapeHtml(charityName)}</strong> on ${escapeHtml(brand.productName)}, a giving platform for small UK charities. We sent this code to the email address the Charity Commission register holds for the charity, to confirm the charity agrees.</p>
<p style="margin:24px 0 8px">Your verification code is:</p>
<p style="margin:0 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#0E5A52">${code}</p>
<p style="margin:0 0 16px">It expires on ${escapeHtml(longDate(expiresAt))}. If the charity is not verified by then, the account is deleted automatically.</p>
<p style="margin:0 0 16px">Nobody at ${escapeHtml(charityName)} registered? <a href="${escapeHtml(notMeLink)}" style="color:#0E5A52">This wasn't me: remove this registration</a>. It also clears the limits the registration used up, so the charity can register itself straight away (the link works once, until the code expires).</p>
<p style="margin:0">If you did not expect this email, you can ignore it, or tell us at ${brand.supportEmail}.</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** The password reset link. */
export function passwordResetEmail(input: { to: string; link: string }): EmailMessage {
  const subject = `Reset your ${brand.productName} password`;
  const text = [
    'Hello,',
    '',
    `We received a request to reset the password of your ${brand.productName} charity account.`,
    `Open this link within one hour to choose a new password (it works once):`,
    input.link,
    '',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">We received a request to reset the password of your ${escapeHtml(brand.productName)} charity account. Open this link within one hour to choose a new password (it works once):</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#0E5A52;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:bold">Reset your password</a></p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all">Or paste this address into your browser: ${escapeHtml(input.link)}</p>
<p style="margin:0">If you did not ask for this, you can ignore this email: your password stays the same.</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** Tells the account's sign-in email that its password was changed (no link, no secret). */
export function passwordChangedEmail(input: { to: string; at: string }): EmailMessage {
  const subject = `Your ${brand.productName} password was changed`;
  const when = longDate(input.at);
  const text = [
    'Hello,',
    '',
    `The password of your ${brand.productName} charity account was changed on ${when}. Every other device has been signed out.`,
    '',
    `If this was not you, reset your password from the sign-in page now and tell us at ${brand.securityEmail}.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">The password of your ${escapeHtml(brand.productName)} charity account was changed on ${escapeHtml(when)}. Every other device has been signed out.</p>
<p style="margin:0">If this was not you, reset your password from the sign-in page now and tell us at <a href="mailto:${brand.securityEmail}" style="color:#0E5A52">${brand.securityEmail}</a>.</p>`,
  );
  return { to: input.to, subject, text, html };
}
