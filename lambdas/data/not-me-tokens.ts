import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, whenCondition } from './table';

/**
 * "This wasn't me" links, mailed with every verification code to the register's email: PK
 * `NOTME#<sha256(token)>`, SK `NOTME`; the token itself is never stored. Bound to the account the code was sent
 * for and its registration number; it lives as long as the code (the unverified account's expiry, also the TTL)
 * and is used once.
 */
export const notMeTokenKey = (hash: string) => ({ PK: `NOTME#${hash}`, SK: 'NOTME' }) as const;

export interface NotMeTokenRecord {
  userId: string;
  registration_number: string;
  /** The registered name, to name the charity on the link's page even once the account is gone. */
  charity_name: string;
  /** Epoch seconds (also the TTL attribute): the code's expiry, or when a held payout change takes effect. */
  expiresAt: number;
  /** What the link undoes: an unverified registration (absent: older links) or a held payout change. */
  purpose?: 'registration' | 'payout-change';
  /** The payout change's new account (purpose `payout-change`). */
  account_id?: string;
}

export interface NotMeTokens {
  put(hash: string, record: NotMeTokenRecord): Promise<void>;
  /** The record when present and not expired (TTL deletion can be two days late). */
  find(hash: string, now: Date): Promise<NotMeTokenRecord | null>;
  /** Uses the token: deletes it if it is still there and unexpired. True once, even under parallel calls. */
  consume(hash: string, now: Date): Promise<boolean>;
}

export function notMeTokens(table: Table): NotMeTokens {
  const TableName = table.name;
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return {
    async put(hash, record) {
      await table.doc.send(
        new PutCommand({
          TableName,
          Item: { ...notMeTokenKey(hash), ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },
    async find(hash, now) {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: notMeTokenKey(hash), ConsistentRead: true }),
      );
      const item = out.Item;
      if (!item || Number(item.expiresAt) <= seconds(now)) return null;
      return {
        userId: String(item.userId),
        registration_number: String(item.registration_number),
        charity_name: String(item.charity_name ?? ''),
        expiresAt: Number(item.expiresAt),
        purpose: item.purpose === 'payout-change' ? 'payout-change' : 'registration',
        ...(typeof item.account_id === 'string' ? { account_id: item.account_id } : {}),
      };
    },
    async consume(hash, now) {
      return whenCondition(
        table.doc.send(
          new DeleteCommand({
            TableName,
            Key: notMeTokenKey(hash),
            ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
            ExpressionAttributeValues: { ':now': seconds(now) },
          }),
        ),
      );
    },
  };
}
