import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, type TxItem, txItem, whenCondition, whenConditionOutput } from '../table';
import { charityItemKey } from './partition';

/**
 * What a code to the register's email proves: `register` (vetting at registration) or `payout` (a payout change,
 * or turning two-step sign-in off while a payout account is connected; issue 41).
 */
export type CodePurpose = 'register' | 'payout';

/**
 * The current code of a purpose: `CHARITY#<userId>` / `CODE` (vetting, removed when accepted) or `CODE#PAYOUT`
 * (kept once accepted as a short-lived proof, `proved_until`, that the payout change consumes).
 */
export const codeKey = (userId: string, purpose: CodePurpose = 'register') =>
  charityItemKey(userId, purpose === 'register' ? 'CODE' : 'CODE#PAYOUT');

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

/** A payout code once accepted: no hash left, only until when it proves control of the register's email. */
export interface PayoutProof {
  /** Epoch ms. */
  proved_until?: number;
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
    async getCode(
      userId: string,
      purpose: CodePurpose = 'register',
    ): Promise<(VerificationCode & PayoutProof) | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: codeKey(userId, purpose), ConsistentRead: true }),
      );
      return out.Item as (VerificationCode & PayoutProof) | undefined;
    },

    /**
     * Accepts a payout code once (only while its hash is the one checked): the hash goes, and the item proves
     * control of the register's email until `provedUntil` (epoch ms). False when another call accepted it first.
     */
    acceptPayoutCode: (userId: string, codeHash: string, provedUntil: number): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: codeKey(userId, 'payout'),
            UpdateExpression: 'SET proved_until = :u REMOVE code_hash',
            ConditionExpression: 'code_hash = :h',
            ExpressionAttributeValues: { ':h': codeHash, ':u': provedUntil },
          }),
        ),
      ),

    /** Uses the proof up: true once, and only while it has not run out (parallel calls included). */
    consumePayoutProof: (userId: string, nowMs: number): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: codeKey(userId, 'payout'),
            UpdateExpression: 'REMOVE proved_until',
            ConditionExpression: 'proved_until > :now',
            ExpressionAttributeValues: { ':now': nowMs },
          }),
        ),
      ),

    /** Records an attempt if the last was at least `throttleMs` ago; returns the code, or throws ConditionFailedError. */
    async startAttempt(
      userId: string,
      nowMs: number,
      throttleMs: number,
      purpose: CodePurpose = 'register',
    ): Promise<VerificationCode> {
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: codeKey(userId, purpose),
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
    async replaceCode(
      userId: string,
      code: VerificationCode,
      throttleMs: number,
      purpose: CodePurpose = 'register',
    ): Promise<void> {
      const written = await whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: { ...codeKey(userId, purpose), ...code },
            ConditionExpression: 'attribute_not_exists(PK) OR last_sent_at <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': code.last_sent_at - throttleMs },
          }),
        ),
      );
      if (!written) throw new ConditionFailedError('resend throttled');
    },
  };
}
