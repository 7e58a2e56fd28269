import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Table } from './table';

/**
 * The verification guess budget of a registration number: `VERIFYBUDGET#<number>` / `BUDGET`. It counts wrong
 * codes against the charity (the subscriber, as NIST SP 800-63B 5.2.2 counts), not against the account, so
 * deleting an account and registering the number again restores nothing. Outside the account's partition, it
 * survives deletion and the sweep; TTL removes it `BUDGET_TTL_DAYS` after its last change.
 */
export const BUDGET_TTL_DAYS = 30;

export interface VerificationBudget {
  /** Wrong codes since the last code the charity asked for (resend); the current code is void at the cap. */
  code_failures: number;
  /** Wrong codes in all; the number is locked at the cap. */
  total_failures: number;
  locked: boolean;
}

export const verificationBudgetKey = (registrationNumber: string) => ({
  PK: `VERIFYBUDGET#${registrationNumber}`,
  SK: 'BUDGET',
});
const ttl = (now: Date) => Math.floor(now.getTime() / 1000) + BUDGET_TTL_DAYS * 86_400;

export function verificationBudgetData(table: Table) {
  const TableName = table.name;
  return {
    /** The number's budget; a fresh one when nothing is stored. */
    async get(registrationNumber: string): Promise<VerificationBudget> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: verificationBudgetKey(registrationNumber), ConsistentRead: true }),
      );
      const item = out.Item ?? {};
      return {
        code_failures: Number(item.code_failures ?? 0),
        total_failures: Number(item.total_failures ?? 0),
        locked: item.locked === true,
      };
    },

    /** Counts one wrong code (atomically, so parallel guesses each count); locks the number at `lockAt`. */
    async recordFailure(registrationNumber: string, lockAt: number, now: Date): Promise<VerificationBudget> {
      const out = await table.doc.send(
        new UpdateCommand({
          TableName,
          Key: verificationBudgetKey(registrationNumber),
          UpdateExpression: 'ADD code_failures :one, total_failures :one SET expiresAt = :ttl',
          ExpressionAttributeValues: { ':one': 1, ':ttl': ttl(now) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const total = Number(out.Attributes?.total_failures ?? 0);
      const locked = out.Attributes?.locked === true || total >= lockAt;
      if (locked && out.Attributes?.locked !== true) {
        await table.doc.send(
          new UpdateCommand({
            TableName,
            Key: verificationBudgetKey(registrationNumber),
            UpdateExpression: 'SET locked = :t',
            ExpressionAttributeValues: { ':t': true },
          }),
        );
      }
      return { code_failures: Number(out.Attributes?.code_failures ?? 0), total_failures: total, locked };
    },

    /**
     * Forgets the number's wrong codes and lock: only for the register-address holder's "this wasn't me" link,
     * which proves control of the register's email as a right code does.
     */
    async clear(registrationNumber: string): Promise<void> {
      await table.doc.send(new DeleteCommand({ TableName, Key: verificationBudgetKey(registrationNumber) }));
    },

    /**
     * A new code was sent at the charity's request: the per-code count starts again (the total does not).
     * A registration's first code does not call this, so re-registering never refills the budget.
     */
    async startNewCode(registrationNumber: string, now: Date): Promise<void> {
      await table.doc.send(
        new UpdateCommand({
          TableName,
          Key: verificationBudgetKey(registrationNumber),
          UpdateExpression: 'SET code_failures = :zero, expiresAt = :ttl',
          ExpressionAttributeValues: { ':zero': 0, ':ttl': ttl(now) },
        }),
      );
    },
  };
}

export type VerificationBudgetData = ReturnType<typeof verificationBudgetData>;
