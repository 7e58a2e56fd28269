import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, type TxItem, txItem, whenCondition, whenConditionOutput } from '../table';
import { charityItemKey } from './partition';

/** The current verification code: `CHARITY#<userId>` / `CODE`, removed when a code is accepted. */
export const codeKey = (userId: string) => charityItemKey(userId, 'CODE');

export interface VerificationCode {
  code_hash: string;
  email_sent_to: string;
  created_at: string;
  expires_at: string;
  /** Wrong tries of this code. */
  failures: number;
  /** Epoch ms of the last attempt and of the last send (server-side throttles). */
  last_attempt_at: number;
  last_sent_at: number;
  /** Codes this account has been sent (the registration's is the first); resend waits grow with it. */
  sends?: number;
}

/** A throttle or a once-only condition refused the write. */
export class ConditionFailedError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'ConditionFailedError';
  }
}

/** The code registration sent (in registration's transaction). */
export function newCode(tableName: string, userId: string, code: VerificationCode): TxItem {
  return txItem({ Put: { TableName: tableName, Item: { ...codeKey(userId), ...code } } });
}

/** Removes the code, only while it is the one whose hash was checked: a code is accepted once. */
export function codeAccepted(tableName: string, userId: string, codeHash: string): TxItem {
  return txItem({
    Delete: {
      TableName: tableName,
      Key: codeKey(userId),
      ConditionExpression: 'code_hash = :h',
      ExpressionAttributeValues: { ':h': codeHash },
    },
  });
}

/** Reads and single writes of the code. */
export function codeData(table: Table) {
  const TableName = table.name;
  return {
    async getCode(userId: string): Promise<VerificationCode | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: codeKey(userId), ConsistentRead: true }),
      );
      return out.Item as VerificationCode | undefined;
    },

    /** Records an attempt if the last was at least `throttleMs` ago; returns the code, or throws ConditionFailedError. */
    async startAttempt(userId: string, nowMs: number, throttleMs: number): Promise<VerificationCode> {
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: codeKey(userId),
            UpdateExpression: 'SET last_attempt_at = :now',
            ConditionExpression: 'attribute_exists(PK) AND last_attempt_at <= :cutoff',
            ExpressionAttributeValues: { ':now': nowMs, ':cutoff': nowMs - throttleMs },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      if (!out) throw new ConditionFailedError('attempt throttled or no code');
      return out.Attributes as VerificationCode;
    },

    /** Replaces the code if the last send was at least `throttleMs` ago; throws ConditionFailedError otherwise. */
    async replaceCode(userId: string, code: VerificationCode, throttleMs: number): Promise<void> {
      const written = await whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: { ...codeKey(userId), ...code },
            ConditionExpression: 'attribute_not_exists(PK) OR last_sent_at <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': code.last_sent_at - throttleMs },
          }),
        ),
      );
      if (!written) throw new ConditionFailedError('resend throttled');
    },
  };
}
