import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeAddress } from './suppressions';
import type { Table } from './table';

/**
 * Mail we sent: `SENTMAIL#<SES MessageId>` / `SENTMAIL`, with its recipients (lower-cased), written at send time
 * and removed by TTL {@link SENT_MAIL_TTL_DAYS} days later. A bounce or complaint event suppresses an address only
 * when it names a message recorded here and the address is one of that message's recipients, so a bounce we
 * never caused (or one naming someone else) silences nobody.
 */
export const SENT_MAIL_TTL_DAYS = 30;

export const sentMailKey = (messageId: string) => ({ PK: `SENTMAIL#${messageId}`, SK: 'SENTMAIL' }) as const;

export interface SentMailData {
  /** Records one sent message (once: a message id is never recorded twice). */
  record(messageId: string, recipients: readonly string[], at: Date): Promise<void>;
  /** The recipients of a message we sent, or null when we have no record of it (or it has expired). */
  recipients(messageId: string, now: Date): Promise<string[] | null>;
}

export function sentMailData(table: Table): SentMailData {
  const TableName = table.name;
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return {
    async record(messageId, recipients, at) {
      await table.doc.send(
        new PutCommand({
          TableName,
          Item: {
            ...sentMailKey(messageId),
            recipients: recipients.map(normalizeAddress),
            sent_at: at.toISOString(),
            expiresAt: seconds(at) + SENT_MAIL_TTL_DAYS * 86_400,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },
    async recipients(messageId, now) {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: sentMailKey(messageId), ConsistentRead: true }),
      );
      const item = out.Item;
      // TTL deletion can be two days late: an expired record is no record.
      if (!item || Number(item.expiresAt ?? 0) <= seconds(now)) return null;
      return Array.isArray(item.recipients) ? item.recipients.map(String) : [];
    },
  };
}
