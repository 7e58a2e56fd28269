import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionFailed, holdMarker, releaseMarker } from './markers';
import {
  noteOffPlatform,
  noteOnPlatform,
  onPlatformIndexKeys,
  registrationMarkerKey,
} from './registration-markers';
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
  /** Epoch seconds: ID tokens issued before this are refused (password change, reset, sign-out everywhere). */
  tokens_valid_after?: number;
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
  /** Codes this account has been sent (the registration's is the first); resend waits grow with it. */
  sends?: number;
}

/**
 * A transaction item that fails the transaction unless the charity's account still exists (its PROFILE item).
 * Every write under `/api/me/*` carries it, so a token that outlived its account stores nothing, even when the
 * account is deleted between the handler's checks and its write.
 */
export function accountExists(tableName: string, userId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: item(userId, 'PROFILE'),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}

/**
 * A transaction item that fails the transaction unless the charity is vetted: verified against the register's
 * email and not locked. Whatever donors can see (explore listing, going live) and payment onboarding carry it.
 */
export function vettedCheck(tableName: string, userId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: item(userId, 'VERIFICATION'),
      ConditionExpression: 'verified = :t AND locked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    },
  };
}

/** True when the charity is vetted (verified and not locked). */
export const isVetted = (flags: Pick<VerificationFlags, 'verified' | 'locked'> | undefined) =>
  flags?.verified === true && flags.locked !== true;

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
                // GSI1 lists the platform's numbers (the finder's on-platform flags).
                UpdateExpression:
                  'SET userId = :uid, charity_name = :name, created_at = :at, GSI1PK = :gpk, GSI1SK = :gsk REMOVE pending, expiresAt',
                ConditionExpression: 'pending = :rid',
                ExpressionAttributeValues: {
                  ':uid': userId,
                  ':name': profile.charity_name,
                  ':at': profile.created_at,
                  ':rid': input.requestId,
                  ':gpk': onPlatformIndexKeys(profile.registration_number).GSI1PK,
                  ':gsk': onPlatformIndexKeys(profile.registration_number).GSI1SK,
                },
              },
            },
          ],
        }),
      );
      noteOnPlatform(profile.registration_number);
    },

    getProfile: (userId: string) => get<CharityProfile>(item(userId, 'PROFILE')),

    /**
     * Voids every ID token issued before `at`: the handler pipeline refuses tokens whose `iat` is earlier than
     * `tokens_valid_after` (epoch seconds). Used by password change, password reset and sign-out everywhere.
     * Does nothing (false) when the account no longer exists.
     */
    async revokeTokensBefore(userId: string, at: Date): Promise<boolean> {
      try {
        await table.doc.send(
          new UpdateCommand({
            TableName,
            Key: item(userId, 'PROFILE'),
            UpdateExpression: 'SET tokens_valid_after = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': Math.floor(at.getTime() / 1000) },
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
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

    /** Locks the account's verification (its number's guess budget is spent); records the number's total. */
    async lock(userId: string, totalFailures: number): Promise<void> {
      await table.doc
        .send(
          new UpdateCommand({
            TableName,
            Key: item(userId, 'VERIFICATION'),
            UpdateExpression: 'SET locked = :t, total_failures = :n',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':t': true, ':n': totalFailures },
          }),
        )
        .catch((error) => {
          if (!conditionFailed(error)) throw error;
        });
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
                    ? 'verified = :t AND locked = :f AND finished_setting_up_account = :t AND valid_main_page = :t AND valid_explore_page = :t'
                    : 'attribute_exists(PK)',
                  ExpressionAttributeValues: live
                    ? { ':live': true, ':t': true, ':f': false }
                    : { ':live': false },
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
              accountExists(TableName, userId),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    /** The profile's session fields (consistent read: a deletion a moment ago counts). */
    async sessionState(userId: string): Promise<{ exists: boolean; tokensValidAfter: number }> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: item(userId, 'PROFILE'),
          ProjectionExpression: 'PK, tokens_valid_after',
          ConsistentRead: true,
        }),
      );
      return { exists: out.Item !== undefined, tokensValidAfter: Number(out.Item?.tokens_valid_after ?? 0) };
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
      // The profile goes first: every later write of this account (they all check it) fails from here on.
      await table.doc.send(new DeleteCommand({ TableName, Key: item(userId, 'PROFILE') }));
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
          .then(() => noteOffPlatform(registrationNumber))
          .catch((error) => {
            if (!conditionFailed(error)) throw error;
          });
      }
      return deleted;
    },
  };
}

export type CharityData = ReturnType<typeof charityData>;
