import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers (SES v2 `Simple.Headers`), e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post` on
   * the mail to followers.
   */
  headers?: readonly { name: string; value: string }[];
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** The transport under the send path: answers the provider's message id (SES `MessageId`). */
export interface EmailTransport {
  send(message: EmailMessage): Promise<{ messageId: string | undefined }>;
}

/**
 * Sends through SES (v2) from the configured sender, with the configuration set when one is given (its bounce
 * and complaint events become suppressions); locally the endpoint is the local mailbox.
 */
export function sesEmailSender(
  from: string,
  configurationSetName?: string,
  client = new SESv2Client({}),
): EmailTransport {
  return {
    async send(m) {
      const out = await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          ...(configurationSetName ? { ConfigurationSetName: configurationSetName } : {}),
          Destination: { ToAddresses: [m.to] },
          Content: {
            Simple: {
              Subject: { Data: m.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: m.text, Charset: 'UTF-8' }, Html: { Data: m.html, Charset: 'UTF-8' } },
              ...(m.headers?.length
                ? { Headers: m.headers.map((h) => ({ Name: h.name, Value: h.value })) }
                : {}),
            },
          },
        }),
      );
      return { messageId: out.MessageId };
    },
  };
}
