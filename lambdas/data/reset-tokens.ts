import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, whenCondition } from './table';

/** Password reset tokens: PK `RESET#<sha256(token)>`, SK `RESET`; the token itself is never stored. */
export const resetTokenKey = (hash: string) => ({ PK: `RESET#${hash}`, SK: 'RESET' });
const key = resetTokenKey;
/**
 * The user's reset watermark, keyed by the user id (`sub`), never the email: `valid_after` (epoch ms) is set by
 * every used link, by a password change and by the account's deletion, and a token issued before it is void, so
 * using one link, changing the password or deleting the account voids every outstanding link of the user. It
 * lives as long as a token.
 */
const watermarkKey = (userId: string) => ({ PK: `RESETS#${userId}`, SK: 'RESETS' });

export interface ResetTokenRecord {
  userId: string;
  email: string;
  /** Epoch seconds (also the TTL attribute). */
  expiresAt: number;
  /** Epoch milliseconds when the link was made. */
  issuedAt: number;
}

export interface ResetTokens {
  put(hash: string, record: ResetTokenRecord): Promise<void>;
  /** The record when present, not expired (TTL deletion can be two days late) and not voided by a used link. */
  find(hash: string, now: Date): Promise<ResetTokenRecord | null>;
  /**
   * Uses the token: deletes it and voids every other token of the user issued before now, in one transaction.
   * Returns it when it was valid; succeeds once, even under parallel calls (of this or another link).
   */
  consume(hash: string, now: Date): Promise<ResetTokenRecord | null>;
  /** Voids every token of the user issued up to now (password change, account deletion). */
  voidAll(userId: string, now: Date): Promise<void>;
}

const TRANSACTION_RETRIES = 3;

export function resetTokens(table: Table): ResetTokens {
  const nowSec = (now: Date) => Math.floor(now.getTime() / 1000);
  const read = async (hash: string, now: Date): Promise<ResetTokenRecord | null> => {
    const out = await table.doc.send(
      new GetCommand({ TableName: table.name, Key: key(hash), ConsistentRead: true }),
    );
    const item = out.Item as ResetTokenRecord | undefined;
    if (!item || item.expiresAt <= nowSec(now)) return null;
    return {
      userId: item.userId,
      email: item.email,
      expiresAt: item.expiresAt,
      issuedAt: item.issuedAt ?? 0,
    };
  };
  const validAfter = async (userId: string): Promise<number> => {
    const out = await table.doc.send(
      new GetCommand({ TableName: table.name, Key: watermarkKey(userId), ConsistentRead: true }),
    );
    return Number(out.Item?.valid_after ?? 0);
  };
  return {
    async voidAll(userId, now) {
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName: table.name,
            Key: watermarkKey(userId),
            UpdateExpression: 'SET valid_after = :at, expiresAt = :ttl',
            // The mark only moves forward.
            ConditionExpression: 'attribute_not_exists(valid_after) OR valid_after < :at',
            ExpressionAttributeValues: { ':at': now.getTime() + 1, ':ttl': nowSec(now) + 86_400 },
          }),
        ),
      );
    },
    async put(hash, record) {
      await table.doc.send(new PutCommand({ TableName: table.name, Item: { ...key(hash), ...record } }));
    },
    async find(hash, now) {
      const record = await read(hash, now);
      if (!record) return null;
      return record.issuedAt >= (await validAfter(record.userId)) ? record : null;
    },
    async consume(hash, now) {
      const record = await read(hash, now);
      if (!record) return null;
      for (let attempt = 0; ; attempt++) {
        try {
          const written = await whenCondition(
            table.doc.send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Delete: {
                      TableName: table.name,
                      Key: key(hash),
                      ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
                      ExpressionAttributeValues: { ':now': nowSec(now) },
                    },
                  },
                  {
                    Update: {
                      TableName: table.name,
                      Key: watermarkKey(record.userId),
                      UpdateExpression: 'SET valid_after = :at, expiresAt = :ttl',
                      ConditionExpression: 'attribute_not_exists(valid_after) OR valid_after <= :issued',
                      ExpressionAttributeValues: {
                        ':at': Math.max(now.getTime(), record.issuedAt + 1),
                        ':issued': record.issuedAt,
                        // Links live an hour: a day later every token issued before the mark has expired.
                        ':ttl': nowSec(now) + 86_400,
                      },
                    },
                  },
                ],
              }),
            ),
          );
          return written ? record : null;
        } catch (error) {
          // A parallel use of a link of the same user: try again, the conditions decide who wins.
          if (
            (error as { name?: string }).name === 'TransactionCanceledException' &&
            attempt < TRANSACTION_RETRIES
          )
            continue;
          throw error;
        }
      }
    },
  };
}
