import { type EmailSender, sesEmailSender } from '../adapters/email';
import { sentMailData } from '../data/sent-mail';
import { suppressionData } from '../data/suppressions';
import type { Table } from '../data/table';
import { countingFailures } from '../domain/mail/failures';
import { recordingSent, refusingSuppressed } from '../domain/mail/suppressions';

/**
 * The one send path of every route that mails: SES from the sender, with the configuration set, refusing
 * suppressed addresses (bounced or complained) before anything is sent, and recording each sent message's id
 * and recipient (so only bounces and complaints of our own mail suppress an address); a message SES refuses
 * records `MailFailures` and is a 503 `MailNotSentError` (`domain/mail/failures.ts`).
 */
export function mailSender(
  env: { SES_SENDER: string; SES_CONFIGURATION_SET?: string },
  table: Table,
): EmailSender {
  return refusingSuppressed(
    recordingSent(
      countingFailures(sesEmailSender(env.SES_SENDER, env.SES_CONFIGURATION_SET)),
      sentMailData(table),
      () => new Date(),
    ),
    suppressionData(table),
  );
}
