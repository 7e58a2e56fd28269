import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { holdMarker, releaseMarker } from './markers';
import type { Table } from './table';

/** Donor waitlist profiles (`DONOR#<userId>` / `PROFILE`) and username markers (`USERNAME#<lower>`). */
export interface DonorProfile {
  id: string;
  email: string;
  username: string;
  forename: string;
  surname: string;
  dob: string;
  gender: string;
  created_at: string;
}

export const donorKey = (userId: string) => ({ PK: `DONOR#${userId}`, SK: 'PROFILE' });
export const usernameKey = (username: string) => ({
  PK: `USERNAME#${username.toLowerCase()}`,
  SK: 'USERNAME',
});

export function donorData(table: Table) {
  const TableName = table.name;
  return {
    /** Holds a username (case-insensitive) for one signup; false when it is taken. */
    reserveUsername: (username: string, requestId: string, now: Date) =>
      holdMarker(table, usernameKey(username), requestId, now),
    releaseUsername: (username: string, requestId: string) =>
      releaseMarker(table, usernameKey(username), requestId),
    /** Writes the profile and finalises the username marker in one transaction. */
    async createDonor(profile: DonorProfile, requestId: string): Promise<void> {
      await table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: { ...donorKey(profile.id), ...profile },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName,
                Key: usernameKey(profile.username),
                UpdateExpression: 'SET userId = :uid, username = :u REMOVE pending, expiresAt',
                ConditionExpression: 'pending = :rid',
                ExpressionAttributeValues: { ':uid': profile.id, ':u': profile.username, ':rid': requestId },
              },
            },
          ],
        }),
      );
    },
    async getProfile(userId: string): Promise<DonorProfile | undefined> {
      const out = await table.doc.send(new GetCommand({ TableName, Key: donorKey(userId) }));
      return out.Item as DonorProfile | undefined;
    },
  };
}

export type DonorData = ReturnType<typeof donorData>;
