import type { EmailSender } from '../../adapters/email';
import type { SuppressionData, SuppressionReason } from '../../data/suppressions';
import { EmailSuppressedError } from '../../lib/errors';

/** The parts of SES's EventBridge events ("Email Bounced", "Email Complaint Received") we read. */
export interface SesMailEvent {
  'detail-type'?: string;
  time?: string;
  detail?: {
    eventType?: string;
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
 * counts. Returns the addresses recorded.
 */
export async function recordMailEvent(
  deps: { suppressions: Pick<SuppressionData, 'record'>; now: () => Date },
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
  const when = new Date(event.time ?? Number.NaN);
  const at = Number.isNaN(when.getTime()) ? deps.now() : when;
  const recorded: string[] = [];
  for (const address of addresses) {
    if (!address?.includes('@')) continue;
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
  sender: EmailSender,
  suppressions: Pick<SuppressionData, 'isSuppressed'>,
): EmailSender {
  return {
    async send(message) {
      if (await suppressions.isSuppressed(message.to)) throw new EmailSuppressedError();
      await sender.send(message);
    },
  };
}
