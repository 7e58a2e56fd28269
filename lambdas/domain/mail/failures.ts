import type { EmailTransport } from '../../adapters/email';
import { ServiceUnavailableError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';

/** What a route answers when the mail it had to send could not be sent (ours: the spec has no words for it). */
export const MailNotSentMessage =
  'We could not send the email just now. Please try again in a few minutes.' as const;

/** The mail provider refused or failed a message (SES sandbox, unverified identity, throttling, outage): 503. */
export class MailNotSentError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    super(MailNotSentMessage, cause);
    this.name = 'MailNotSentError';
  }
}

/**
 * The send path's failure counter: a message the transport could not send records `MailFailures` (the ops
 * stack alarms on it for every function that mails) and becomes a {@link MailNotSentError}, so each route
 * decides what the user sees (a retry) instead of a silent warning.
 */
export function countingFailures(transport: EmailTransport): EmailTransport {
  return {
    async send(message) {
      try {
        return await transport.send(message);
      } catch (error) {
        recordMetric('MailFailures');
        throw new MailNotSentError(error);
      }
    },
  };
}
