import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Table } from './table';

/**
 * Uniqueness markers (one account per registration number, one donor per username): an attempt first holds
 * the marker with a conditional write, so under any number of parallel attempts exactly one wins; it is
 * finalised in the same transaction as the record it guards, or released if the attempt fails. A hold left
 * by a crashed attempt expires after {@link HOLD_SECONDS}.
 */
export const HOLD_SECONDS = 120;

export type MarkerKey = { PK: string; SK: string };

/** True for a failed condition, alone or inside a cancelled transaction. */
export function conditionFailed(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' &&
      (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
}

/** Holds a marker for one attempt; false when it is taken (or held by a live attempt). */
export async function holdMarker(
  table: Table,
  key: MarkerKey,
  requestId: string,
  now: Date,
): Promise<boolean> {
  const nowSec = Math.floor(now.getTime() / 1000);
  try {
    await table.doc.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...key, pending: requestId, expiresAt: nowSec + HOLD_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK) OR (attribute_exists(pending) AND expiresAt < :now)',
        ExpressionAttributeValues: { ':now': nowSec },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** Releases a hold of this attempt (a finalised marker, or another attempt's hold, is left alone). */
export async function releaseMarker(table: Table, key: MarkerKey, requestId: string): Promise<void> {
  await table.doc
    .send(
      new DeleteCommand({
        TableName: table.name,
        Key: key,
        ConditionExpression: 'pending = :rid',
        ExpressionAttributeValues: { ':rid': requestId },
      }),
    )
    .catch((error) => {
      if (!conditionFailed(error)) throw error;
    });
}

/** Indexes of the transaction items whose condition failed (empty for any other error). */
export function failedItems(error: unknown): number[] {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  if (e?.name !== 'TransactionCanceledException') return [];
  return (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}
