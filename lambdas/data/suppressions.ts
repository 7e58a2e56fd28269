import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Table } from './table';

/** Why mail to an address stopped: a permanent bounce or a complaint (marked as spam). */
export type SuppressionReason = 'bounce' | 'complaint';

export interface SuppressionData {
  /** Records (or refreshes) the suppression of an address. */
  record(email: string, reason: SuppressionReason, at: Date, detail?: string): Promise<void>;
  /** True when mail to the address is suppressed. */
  isSuppressed(email: string): Promise<boolean>;
}

/** Addresses compare case-insensitively, as mail providers treat them. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

/** Keys of an address's suppression: PK `SUPPRESSION#<lower-cased address>`, SK `SUPPRESSION`. */
export const suppressionKey = (email: string) =>
  ({ PK: `SUPPRESSION#${normalizeAddress(email)}`, SK: 'SUPPRESSION' }) as const;

/** Suppressed addresses (written by the SES event recorder, read by the send path). */
export function suppressionData(table: Table): SuppressionData {
  return {
    async record(email, reason, at, detail) {
      await table.doc.send(
        new UpdateCommand({
          TableName: table.name,
          Key: suppressionKey(email),
          UpdateExpression:
            'SET reason = :reason, last_event_at = :at, detail = :detail, first_event_at = if_not_exists(first_event_at, :at) ADD events :one',
          ExpressionAttributeValues: {
            ':reason': reason,
            ':at': at.toISOString(),
            ':detail': detail ?? null,
            ':one': 1,
          },
        }),
      );
    },
    async isSuppressed(email) {
      const out = await table.doc.send(
        new GetCommand({ TableName: table.name, Key: suppressionKey(email), ProjectionExpression: 'PK' }),
      );
      return out.Item !== undefined;
    },
  };
}
