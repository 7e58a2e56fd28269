import type { EmailMessage, EmailSender } from '../../adapters/email';
import type { Donation, DonationData, DonationNotice } from '../../data/donations';
import { EmailSuppressedError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { refundEmail } from './money-emails';
import { receiptEmail } from './receipt-email';

export interface NoticeDeps {
  donations: Pick<DonationData, 'claimNotice' | 'releaseNotice'>;
  email: EmailSender;
  clock: { now(): Date };
  warn: (message: string, extra: Record<string, unknown>) => void;
}

/**
 * Sends a notice of a donation's status once (claimed on the donation). A failed send gives the claim back, so
 * Stripe's retry (or the other of the route and the webhook) sends it. An address that bounced or complained
 * (suppressed) is skipped, logged and counted, and the claim kept: the payment is recorded all the same and the
 * webhook answers 200 (a 4xx would make Stripe retry for three days and change nothing).
 */
export async function sendNoticeOnce(
  deps: NoticeDeps,
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
    if (error instanceof EmailSuppressedError) {
      recordMetric('MailSkippedSuppressed');
      deps.warn('notice not sent: the address is suppressed', { donation: donationId, notice });
      return;
    }
    await deps.donations.releaseNotice(donationId, notice, at);
    throw error;
  }
}

/** The donor's receipt of a paid donation, once. */
export const sendReceipt = (deps: NoticeDeps & { siteUrl: string }, donation: Donation): Promise<void> =>
  sendNoticeOnce(deps, donation.id, 'receipt_sent_at', async () =>
    receiptEmail({ ...donation, status: 'paid' }, deps.siteUrl),
  );

/** The donor's refund email, once (the refund route and `charge.refunded` both try). */
export const sendRefundEmail = (deps: NoticeDeps, donation: Donation): Promise<void> =>
  sendNoticeOnce(deps, donation.id, 'refund_email_sent_at', async () => refundEmail(donation));
