import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionFailed, holdMarker, releaseMarker } from './markers';
import { registrationMarkerKey } from './registration-markers';
import type { Table } from './table';

/**
 * Charity accounts: the profile, verification flags, verification code and open cases under
 * `CHARITY#<userId>`, and the registration marker `REGNO#<number>` guarding one account per charity.
 */
export const charityPk = (userId: string) => `CHARITY#${userId}`;
/** GSI1 partition of the LIVE records of live charities. */
export const LIVE_CHARITIES = 'LIVE#CHARITIES';
const item = (userId: string, SK: string) => ({ PK: charityPk(userId), SK });

export interface CharityProfile {
  id: string;
  charity_name: string;
  display_name: string | null;
  email: string;
  registration_number: string;
  created_at: string;
  profile_image_name: string | null;
  live_page_id: string | null;
  stripe_account_id: string | null;
  /** The email the register holds for the charity (where codes go); null when it has none. */
  register_email: string | null;
}

export interface VerificationFlags {
  verified: boolean;
  finished_setting_up_account: boolean;
  valid_main_page: boolean;
  valid_explore_page: boolean;
  page_is_liveable: boolean;
  page_is_live: boolean;
  /** Wrong codes in all; verification locks at the cap until the team unlocks it. */
  total_failures: number;
  locked: boolean;
  needs_manual_verification: boolean;
  /** When the unverified account is deleted (ISO). */
  expires_at: string;
}

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
}

export type MarkerState = { kind: 'free' } | { kind: 'taken'; userId?: string; charityName?: string };

export class ConditionFailedError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'ConditionFailedError';
  }
}

export function charityData(table: Table) {
  const TableName = table.name;
  const get = async <T>(Key: Record<string, string>) =>
    (await table.doc.send(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item as T | undefined;

  return {
    /** Holds a registration number for one registration attempt; false when it is taken. */
    reserveNumber: (registrationNumber: string, requestId: string, now: Date) =>
      holdMarker(table, registrationMarkerKey(registrationNumber), requestId, now),

    releaseNumber: (registrationNumber: string, requestId: string) =>
      releaseMarker(table, registrationMarkerKey(registrationNumber), requestId),

    async marker(registrationNumber: string) {
      return get<{ userId?: string; charity_name?: string; pending?: string }>(
        registrationMarkerKey(registrationNumber),
      );
    },

    /** Writes the account's items and finalises the marker, in one transaction. */
    async createAccount(input: {
      requestId: string;
      profile: CharityProfile;
      verification: VerificationFlags;
      code: VerificationCode | null;
    }): Promise<void> {
      const { profile, verification, code } = input;
      const userId = profile.id;
      await table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: { ...item(userId, 'PROFILE'), ...profile },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName,
                Item: {
                  ...item(userId, 'VERIFICATION'),
                  ...verification,
                  // Found by the sweep once expired; removed when verified.
                  GSI1PK: 'UNVERIFIED',
                  GSI1SK: `${verification.expires_at}#${userId}`,
                },
              },
            },
            ...(code ? [{ Put: { TableName, Item: { ...item(userId, 'CODE'), ...code } } }] : []),
            ...(verification.needs_manual_verification
              ? [
                  {
                    Put: {
                      TableName,
                      Item: {
                        ...item(userId, 'CASE#NO_REGISTER_EMAIL'),
                        kind: 'NO_REGISTER_EMAIL',
                        registration_number: profile.registration_number,
                        charity_name: profile.charity_name,
                        sign_in_email: profile.email,
                        created_at: profile.created_at,
                        GSI1PK: 'CASE#OPEN',
                        GSI1SK: `${profile.created_at}#${userId}`,
                      },
                    },
                  },
                ]
              : []),
            {
              Update: {
                TableName,
                Key: registrationMarkerKey(profile.registration_number),
                UpdateExpression:
                  'SET userId = :uid, charity_name = :name, created_at = :at REMOVE pending, expiresAt',
                ConditionExpression: 'pending = :rid',
                ExpressionAttributeValues: {
                  ':uid': userId,
                  ':name': profile.charity_name,
                  ':at': profile.created_at,
                  ':rid': input.requestId,
                },
              },
            },
          ],
        }),
      );
    },

    getProfile: (userId: string) => get<CharityProfile>(item(userId, 'PROFILE')),
    getVerification: (userId: string) => get<VerificationFlags>(item(userId, 'VERIFICATION')),
    getCode: (userId: string) => get<VerificationCode>(item(userId, 'CODE')),

    /** Records an attempt if the last was at least `throttleMs` ago; returns the code, or throws ConditionFailedError. */
    async startAttempt(userId: string, nowMs: number, throttleMs: number): Promise<VerificationCode> {
      try {
        const out = await table.doc.send(
          new UpdateCommand({
            TableName,
            Key: item(userId, 'CODE'),
            UpdateExpression: 'SET last_attempt_at = :now',
            ConditionExpression: 'attribute_exists(PK) AND last_attempt_at <= :cutoff',
            ExpressionAttributeValues: { ':now': nowMs, ':cutoff': nowMs - throttleMs },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes as VerificationCode;
      } catch (error) {
        if (conditionFailed(error)) throw new ConditionFailedError('attempt throttled or no code');
        throw error;
      }
    },

    /** Counts a wrong code; returns the code's and the account's failure counts. */
    async recordFailure(
      userId: string,
      lockAt: number,
    ): Promise<{ codeFailures: number; totalFailures: number }> {
      const code = await table.doc
        .send(
          new UpdateCommand({
            TableName,
            Key: item(userId, 'CODE'),
            UpdateExpression: 'ADD failures :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'ALL_NEW',
          }),
        )
        .catch((error) => {
          if (conditionFailed(error)) return { Attributes: { failures: Number.POSITIVE_INFINITY } };
          throw error;
        });
      const flags = await table.doc.send(
        new UpdateCommand({
          TableName,
          Key: item(userId, 'VERIFICATION'),
          UpdateExpression: 'ADD total_failures :one',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const totalFailures = Number(flags.Attributes?.total_failures ?? 0);
      if (totalFailures >= lockAt) {
        await table.doc.send(
          new UpdateCommand({
            TableName,
            Key: item(userId, 'VERIFICATION'),
            UpdateExpression: 'SET locked = :t',
            ExpressionAttributeValues: { ':t': true },
          }),
        );
      }
      return { codeFailures: Number(code.Attributes?.failures ?? 0), totalFailures };
    },

    /** Marks the charity verified and removes the code, accepting a given code once (parallel calls included). */
    async markVerified(userId: string, codeHash: string): Promise<boolean> {
      try {
        await table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName,
                  Key: item(userId, 'CODE'),
                  ConditionExpression: 'code_hash = :h',
                  ExpressionAttributeValues: { ':h': codeHash },
                },
              },
              {
                Update: {
                  TableName,
                  Key: item(userId, 'VERIFICATION'),
                  UpdateExpression: 'SET verified = :t REMOVE GSI1PK, GSI1SK',
                  ConditionExpression: 'verified = :f AND locked = :f',
                  ExpressionAttributeValues: { ':t': true, ':f': false },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    /** Replaces the code if the last send was at least `throttleMs` ago; throws ConditionFailedError otherwise. */
    async replaceCode(userId: string, code: VerificationCode, throttleMs: number): Promise<void> {
      try {
        await table.doc.send(
          new PutCommand({
            TableName,
            Item: { ...item(userId, 'CODE'), ...code },
            ConditionExpression: 'attribute_not_exists(PK) OR last_sent_at <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': code.last_sent_at - throttleMs },
          }),
        );
      } catch (error) {
        if (conditionFailed(error)) throw new ConditionFailedError('resend throttled');
        throw error;
      }
    },

    /**
     * Sets the page live or offline: the flag and the live record change together in one transaction, so they
     * never disagree, whatever the order of parallel toggles. Going live is refused (false) unless every
     * requirement holds at that moment.
     */
    async setLive(userId: string, live: boolean, now: Date): Promise<boolean> {
      try {
        await table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: item(userId, 'VERIFICATION'),
                  UpdateExpression: 'SET page_is_live = :live',
                  ConditionExpression: live
                    ? 'verified = :t AND finished_setting_up_account = :t AND valid_main_page = :t AND valid_explore_page = :t'
                    : 'attribute_exists(PK)',
                  ExpressionAttributeValues: live ? { ':live': true, ':t': true } : { ':live': false },
                },
              },
              {
                Put: {
                  TableName,
                  Item: {
                    ...item(userId, 'LIVE'),
                    id: userId,
                    live,
                    updated_at: now.toISOString(),
                    // Live charities are listed (sitemap) through GSI1.
                    ...(live ? { GSI1PK: LIVE_CHARITIES, GSI1SK: userId } : {}),
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    async getLive(userId: string): Promise<boolean> {
      return (await get<{ live?: boolean }>(item(userId, 'LIVE')))?.live === true;
    },

    /** The account holding a registration number, if one does (not a registration still in progress). */
    async userIdByNumber(registrationNumber: string): Promise<string | undefined> {
      const marker = await get<{ userId?: string }>(registrationMarkerKey(registrationNumber));
      return marker?.userId;
    },

    /** Ids of charities whose LIVE record says live (GSI1 `LIVE#CHARITIES`), at most `limit`. */
    async listLive(limit: number): Promise<string[]> {
      const ids: string[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await table.doc.send(
          new QueryCommand({
            TableName,
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': LIVE_CHARITIES },
            Limit: limit - ids.length,
            ExclusiveStartKey: start,
          }),
        );
        ids.push(...(out.Items ?? []).map((i) => String(i.PK).slice('CHARITY#'.length)));
        start = out.LastEvaluatedKey;
      } while (start && ids.length < limit);
      return ids;
    },

    /** Unverified accounts whose time ran out before `now`. */
    async expiredUnverified(now: Date, limit = 100): Promise<string[]> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :now',
          ExpressionAttributeValues: { ':pk': 'UNVERIFIED', ':now': now.toISOString() },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => String(i.PK).slice('CHARITY#'.length));
    },

    /** Deletes every item under the charity's partition and its registration marker (if it is this account's). */
    async deleteAll(userId: string, registrationNumber: string | undefined): Promise<number> {
      let deleted = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await table.doc.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': charityPk(userId) },
            ProjectionExpression: 'PK, SK',
            ExclusiveStartKey: start,
          }),
        );
        await Promise.all(
          (page.Items ?? []).map((i) =>
            table.doc.send(new DeleteCommand({ TableName, Key: { PK: i.PK, SK: i.SK } })),
          ),
        );
        deleted += page.Items?.length ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      if (registrationNumber) {
        await table.doc
          .send(
            new DeleteCommand({
              TableName,
              Key: registrationMarkerKey(registrationNumber),
              ConditionExpression: 'userId = :uid',
              ExpressionAttributeValues: { ':uid': userId },
            }),
          )
          .catch((error) => {
            if (!conditionFailed(error)) throw error;
          });
      }
      return deleted;
    },
  };
}

export type CharityData = ReturnType<typeof charityData>;
