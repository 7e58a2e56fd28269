import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COMPLAINT_PAUSE_DAYS } from '@shared/verification';
import { type Table, whenCondition } from './table';

/** Why mail to an address stopped: a permanent bounce or a complaint (marked as spam). */
export type SuppressionReason = 'bounce' | 'complaint';

/**
 * Days a complaint suppresses an address: a complaint may be one person's mistake (or a forwarded message
 * reported), so mail may go again after this; a permanent bounce (the mailbox does not exist) stays.
 */
export const COMPLAINT_SUPPRESSION_DAYS = COMPLAINT_PAUSE_DAYS;

export interface SuppressionData {
  /** Records (or refreshes) the suppression of an address. A complaint never shortens a bounce's. */
  record(email: string, reason: SuppressionReason, at: Date, detail?: string): Promise<void>;
  /** True when mail to the address is suppressed (an expired complaint no longer is). */
  isSuppressed(email: string, now?: Date): Promise<boolean>;
  /** Why mail to the address is suppressed, or null when it is not. */
  reason(email: string, now?: Date): Promise<SuppressionReason | null>;
}

/** Addresses compare case-insensitively, as mail providers treat them. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

/** Keys of an address's suppression: PK `SUPPRESSION#<lower-cased address>`, SK `SUPPRESSION`. */
export const suppressionKey = (email: string) =>
  ({ PK: `SUPPRESSION#${normalizeAddress(email)}`, SK: 'SUPPRESSION' }) as const;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Suppressed addresses (written by the SES event recorder, read by the send path). */
export function suppressionData(table: Table): SuppressionData {
  const TableName = table.name;
  const read = async (email: string, now: Date): Promise<SuppressionReason | null> => {
    const out = await table.doc.send(
      new GetCommand({
        TableName,
        Key: suppressionKey(email),
        ConsistentRead: true,
        ProjectionExpression: 'reason, expiresAt',
      }),
    );
    const item = out.Item;
    if (!item) return null;
    // TTL deletion can be two days late: an expired complaint is no suppression.
    if (item.expiresAt !== undefined && Number(item.expiresAt) <= seconds(now)) return null;
    return item.reason === 'complaint' ? 'complaint' : 'bounce';
  };
  return {
    async record(email, reason, at, detail) {
      const values = { ':at': at.toISOString(), ':detail': detail ?? null, ':one': 1 };
      const common =
        'last_event_at = :at, detail = :detail, first_event_at = if_not_exists(first_event_at, :at) ADD events :one';
      if (reason === 'bounce') {
        // Permanent: no expiry (a complaint's is removed).
        await table.doc.send(
          new UpdateCommand({
            TableName,
            Key: suppressionKey(email),
            UpdateExpression: `SET reason = :reason, ${common} REMOVE expiresAt`,
            ExpressionAttributeValues: { ...values, ':reason': 'bounce' },
          }),
        );
        return;
      }
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: suppressionKey(email),
            UpdateExpression: `SET reason = :reason, expiresAt = :expires, ${common}`,
            // A live permanent bounce stays permanent.
            ConditionExpression: 'attribute_not_exists(reason) OR reason <> :bounce',
            ExpressionAttributeValues: {
              ...values,
              ':reason': 'complaint',
              ':bounce': 'bounce',
              ':expires': seconds(at) + COMPLAINT_SUPPRESSION_DAYS * 86_400,
            },
          }),
        ),
      );
    },
    async isSuppressed(email, now = new Date()) {
      return (await read(email, now)) !== null;
    },
    reason: (email, now = new Date()) => read(email, now),
  };
}
