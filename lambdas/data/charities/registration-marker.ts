import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ON_PLATFORM } from '../indexes';
import { holdMarker, releaseMarker } from '../markers';
import { type Table, type TxItem, txItem, whenCondition } from '../table';
import type { CharityProfile } from './profile';

/**
 * The registration marker: `REGNO#<number>` / `REGNO`, one per charity account (one account per number). A
 * registration attempt holds it (`pending`, expiring), the account's transaction finalises it (`userId`); while
 * the charity is vetted it is listed under GSI1 `REGNO` (sort key: the number), the finder's "On Kindred" list
 * (read by `registration-markers.ts`).
 */
export const registrationMarkerKey = (registrationNumber: string) => ({
  PK: `REGNO#${registrationNumber}`,
  SK: 'REGNO',
});

/** GSI1 keys of a finalised marker of a vetted charity: the list of the platform's registration numbers. */
export const onPlatformIndexKeys = (registrationNumber: string) => ({
  GSI1PK: ON_PLATFORM,
  GSI1SK: registrationNumber,
});

export interface RegistrationMarker {
  userId?: string;
  charity_name?: string;
  pending?: string;
}

/**
 * Finalises the marker held by `requestId` for the new account (in the account's transaction). Listed as on the
 * platform only when the account is vetted already (otherwise `markVerified` lists it).
 */
export function markerFinalised(
  tableName: string,
  requestId: string,
  profile: CharityProfile,
  vetted: boolean,
): TxItem {
  const keys = onPlatformIndexKeys(profile.registration_number);
  return txItem({
    Update: {
      TableName: tableName,
      Key: registrationMarkerKey(profile.registration_number),
      UpdateExpression: `SET userId = :uid, charity_name = :name, created_at = :at${vetted ? ', GSI1PK = :gpk, GSI1SK = :gsk' : ''} REMOVE pending, expiresAt`,
      ConditionExpression: 'pending = :rid',
      ExpressionAttributeValues: {
        ':uid': profile.id,
        ':name': profile.charity_name,
        ':at': profile.created_at,
        ':rid': requestId,
        ...(vetted ? { ':gpk': keys.GSI1PK, ':gsk': keys.GSI1SK } : {}),
      },
    },
  });
}

/**
 * Lists (or withdraws) a number on GSI1 `REGNO`, the finder's "on the platform" list: only vetted charities
 * (verified, not locked) are on it. The marker must still belong to the account.
 */
export function onPlatformListing(
  tableName: string,
  registrationNumber: string,
  userId: string,
  listed: boolean,
): TxItem {
  const keys = onPlatformIndexKeys(registrationNumber);
  return txItem({
    Update: {
      TableName: tableName,
      Key: registrationMarkerKey(registrationNumber),
      UpdateExpression: listed ? 'SET GSI1PK = :gpk, GSI1SK = :gsk' : 'REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'userId = :uid',
      ExpressionAttributeValues: {
        ':uid': userId,
        ...(listed ? { ':gpk': keys.GSI1PK, ':gsk': keys.GSI1SK } : {}),
      },
    },
  });
}

/** Reads and single writes of the marker. */
export function registrationMarkerData(table: Table) {
  const TableName = table.name;
  const marker = async (registrationNumber: string) =>
    (
      await table.doc.send(
        new GetCommand({ TableName, Key: registrationMarkerKey(registrationNumber), ConsistentRead: true }),
      )
    ).Item as RegistrationMarker | undefined;

  return {
    /** Holds a registration number for one registration attempt; false when it is taken. */
    reserveNumber: (registrationNumber: string, requestId: string, now: Date) =>
      holdMarker(table, registrationMarkerKey(registrationNumber), requestId, now),

    releaseNumber: (registrationNumber: string, requestId: string) =>
      releaseMarker(table, registrationMarkerKey(registrationNumber), requestId),

    marker,

    /** The account holding a registration number, if one does (not a registration still in progress). */
    async userIdByNumber(registrationNumber: string): Promise<string | undefined> {
      return (await marker(registrationNumber))?.userId;
    },

    /** Deletes the marker if it is this account's; false when it is gone or another account's. */
    releaseAccountNumber: (registrationNumber: string, userId: string): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new DeleteCommand({
            TableName,
            Key: registrationMarkerKey(registrationNumber),
            ConditionExpression: 'userId = :uid',
            ExpressionAttributeValues: { ':uid': userId },
          }),
        ),
      ),
  };
}
