import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, whenCondition } from './table';

/**
 * Uniqueness markers (one account per registration number, one donor per username): an attempt first holds
 * the marker with a conditional write, so under any number of parallel attempts exactly one wins; it is
 * finalised in the same transaction as the record it guards, or released if the attempt fails. A hold left
 * by a crashed attempt expires after {@link HOLD_SECONDS}.
 */
export const HOLD_SECONDS = 120;

export type MarkerKey = { PK: string; SK: string };

/** Holds a marker for one attempt; false when it is taken (or held by a live attempt). */
export async function holdMarker(
  table: Table,
  key: MarkerKey,
  requestId: string,
  now: Date,
): Promise<boolean> {
  const nowSec = Math.floor(now.getTime() / 1000);
  return whenCondition(
    table.doc.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...key, pending: requestId, expiresAt: nowSec + HOLD_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK) OR (attribute_exists(pending) AND expiresAt < :now)',
        ExpressionAttributeValues: { ':now': nowSec },
      }),
    ),
  );
}

/** Releases a hold of this attempt (a finalised marker, or another attempt's hold, is left alone). */
export async function releaseMarker(table: Table, key: MarkerKey, requestId: string): Promise<void> {
  await whenCondition(
    table.doc.send(
      new DeleteCommand({
        TableName: table.name,
        Key: key,
        ConditionExpression: 'pending = :rid',
        ExpressionAttributeValues: { ':rid': requestId },
      }),
    ),
  );
}
