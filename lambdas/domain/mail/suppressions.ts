import type { EmailSender, EmailTransport } from '../../adapters/email';
import type { SentMailData } from '../../data/sent-mail';
import { normalizeAddress, type SuppressionData, type SuppressionReason } from '../../data/suppressions';
import { EmailSuppressedError } from '../../lib/http-errors';

/** The parts of SES's EventBridge events ("Email Bounced", "Email Complaint Received") we read. */
export interface SesMailEvent {
  'detail-type'?: string;
  time?: string;
  detail?: {
    eventType?: string;
    /** The message the event is about, as SES sent it (its id is the `MessageId` SendEmail answered). */
    mail?: { messageId?: string };
    bounce?: {
      bounceType?: string;
      bounceSubType?: string;
      bouncedRecipients?: { emailAddress?: string }[];
      timestamp?: string;
    };
    complaint?: {
      complainedRecipients?: { emailAddress?: string }[];
      complaintFeedbackType?: string;
      timestamp?: string;
    };
  };
}

/**
 * Records the addresses of a bounce or complaint event as suppressed. Only permanent bounces count
 * (a full mailbox or a greylisting server bounces transiently and may take mail tomorrow); every complaint
 * counts (for `COMPLAINT_SUPPRESSION_DAYS`, 90). Only mail we sent counts: the event's `mail.messageId` must be
 * a message recorded at send time, and only that message's recipients are suppressed, so a bounce report that
 * names another address (anyone who receives our mail can send one naming a charity's register address) or a
 * message we never sent silences nobody. Returns the addresses recorded.
 */
export async function recordMailEvent(
  deps: {
    suppressions: Pick<SuppressionData, 'record'>;
    sentMail: Pick<SentMailData, 'recipients'>;
    now: () => Date;
  },
  event: SesMailEvent,
): Promise<string[]> {
  const detail = event.detail ?? {};
  let reason: SuppressionReason;
  let addresses: (string | undefined)[];
  let note: string | undefined;
  if (detail.eventType === 'Bounce' && detail.bounce) {
    if (detail.bounce.bounceType !== 'Permanent') return [];
    reason = 'bounce';
    addresses = (detail.bounce.bouncedRecipients ?? []).map((r) => r.emailAddress);
    note = detail.bounce.bounceSubType;
  } else if (detail.eventType === 'Complaint' && detail.complaint) {
    reason = 'complaint';
    addresses = (detail.complaint.complainedRecipients ?? []).map((r) => r.emailAddress);
    note = detail.complaint.complaintFeedbackType;
  } else {
    return [];
  }
  const messageId = detail.mail?.messageId;
  if (typeof messageId !== 'string' || messageId === '') return [];
  const sentTo = await deps.sentMail.recipients(messageId, deps.now());
  if (!sentTo) return [];
  const when = new Date(event.time ?? Number.NaN);
  const at = Number.isNaN(when.getTime()) ? deps.now() : when;
  const recorded: string[] = [];
  for (const address of addresses) {
    if (typeof address !== 'string' || !address.includes('@')) continue;
    if (!sentTo.includes(normalizeAddress(address))) continue;
    await deps.suppressions.record(address, reason, at, note);
    recorded.push(address);
  }
  return recorded;
}

/**
 * The send path: refuses an address that bounced or complained ({@link EmailSuppressedError}, a 4xx with a
 * clear message where a route surfaces it) and sends nothing; any other address goes to `sender`.
 */
export function refusingSuppressed(
  sender: EmailSender | EmailTransport,
  suppressions: Pick<SuppressionData, 'isSuppressed'>,
): EmailSender {
  return {
    async send(message) {
      if (await suppressions.isSuppressed(message.to)) throw new EmailSuppressedError();
      await sender.send(message);
    },
  };
}

/**
 * Records each message the transport sent (its id and recipient) before the send resolves, so its bounces and
 * complaints can be matched to it ({@link recordMailEvent}).
 */
export function recordingSent(
  transport: EmailTransport,
  sentMail: Pick<SentMailData, 'record'>,
  now: () => Date,
): EmailSender {
  return {
    async send(message) {
      const { messageId } = await transport.send(message);
      if (messageId) await sentMail.record(messageId, [message.to], now());
    },
  };
}
