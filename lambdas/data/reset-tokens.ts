import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from './markers';
import type { Table } from './table';

/** Password reset tokens: PK `RESET#<sha256(token)>`, SK `RESET`; the token itself is never stored. */
const key = (hash: string) => ({ PK: `RESET#${hash}`, SK: 'RESET' });

export interface ResetTokenRecord {
  userId: string;
  email: string;
  /** Epoch seconds (also the TTL attribute). */
  expiresAt: number;
}

export interface ResetTokens {
  put(hash: string, record: ResetTokenRecord): Promise<void>;
  /** The record when present and not expired (TTL deletion can be two days late). */
  find(hash: string, now: Date): Promise<ResetTokenRecord | null>;
  /** Deletes the token if still valid and returns it: succeeds once, even under parallel calls. */
  consume(hash: string, now: Date): Promise<ResetTokenRecord | null>;
}

export function resetTokens(table: Table): ResetTokens {
  const nowSec = (now: Date) => Math.floor(now.getTime() / 1000);
  return {
    async put(hash, record) {
      await table.doc.send(new PutCommand({ TableName: table.name, Item: { ...key(hash), ...record } }));
    },
    async find(hash, now) {
      const out = await table.doc.send(
        new GetCommand({ TableName: table.name, Key: key(hash), ConsistentRead: true }),
      );
      const item = out.Item as ResetTokenRecord | undefined;
      return item && item.expiresAt > nowSec(now)
        ? { userId: item.userId, email: item.email, expiresAt: item.expiresAt }
        : null;
    },
    async consume(hash, now) {
      try {
        const out = await table.doc.send(
          new DeleteCommand({
            TableName: table.name,
            Key: key(hash),
            ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
            ExpressionAttributeValues: { ':now': nowSec(now) },
            ReturnValues: 'ALL_OLD',
          }),
        );
        const item = out.Attributes as ResetTokenRecord | undefined;
        return item ? { userId: item.userId, email: item.email, expiresAt: item.expiresAt } : null;
      } catch (error) {
        if (conditionFailed(error)) return null;
        throw error;
      }
    },
  };
}
