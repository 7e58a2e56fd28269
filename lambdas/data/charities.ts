import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GSI1, LIVE_CHARITIES, OPEN_CASES, UNVERIFIED } from './indexes';
import { holdMarker, releaseMarker } from './markers';
import {
  noteOffPlatform,
  noteOnPlatform,
  onPlatformIndexKeys,
  registrationMarkerKey,
} from './registration-markers';
import { type Table, type TxItem, transact, txItem, whenCondition, whenConditionOutput } from './table';

/**
 * Charity accounts: the profile, verification flags, verification code and open cases under
 * `CHARITY#<userId>`, and the registration marker `REGNO#<number>` guarding one account per charity.
 */
export const charityPk = (userId: string) => `CHARITY#${userId}`;
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
  /**
   * Epoch seconds at which two-step sign-in (TOTP) was last turned on; absent while it is off. Payment changes
   * need an ID token issued at or after it (docs/trust-rules.md).
   */
  mfa_enabled_at?: number;
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

/** The keys of the items this module owns under `CHARITY#<userId>`. */
export const charityKey = {
  profile: (userId: string) => item(userId, 'PROFILE'),
  verification: (userId: string) => item(userId, 'VERIFICATION'),
  code: (userId: string) => item(userId, 'CODE'),
  live: (userId: string) => item(userId, 'LIVE'),
  openCase: (userId: string) => item(userId, 'CASE#NO_REGISTER_EMAIL'),
};

/**
 * A transaction item that fails the transaction unless the charity's account still exists (its PROFILE item).
 * Every write under `/api/me/*` carries it, so a token that outlived its account stores nothing, even when the
 * account is deleted between the handler's checks and its write.
 */
export function accountExists(tableName: string, userId: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: charityKey.profile(userId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  });
}

/**
 * A transaction item that fails the transaction unless the charity is vetted: verified against the register's
 * email and not locked. Whatever donors can see (explore listing, going live) and payment onboarding carry it.
 */
export function vettedCheck(tableName: string, userId: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: charityKey.verification(userId),
      ConditionExpression: 'verified = :t AND locked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    },
  });
}

/**
 * Sets `PROFILE.live_page_id` to `pageId`, guarded by the value read before (`liveNow`; null: no live page yet,
 * and the profile must exist), so exactly one page is live under any number of parallel requests.
 */
export function livePageChange(
  tableName: string,
  userId: string,
  pageId: string,
  liveNow: string | null,
): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: charityKey.profile(userId),
      UpdateExpression: 'SET live_page_id = :id',
      ConditionExpression: liveNow
        ? 'live_page_id = :old'
        : 'attribute_exists(PK) AND (attribute_not_exists(live_page_id) OR attribute_type(live_page_id, :null))',
      ExpressionAttributeValues: { ...(liveNow ? { ':old': liveNow } : { ':null': 'NULL' }), ':id': pageId },
    },
  });
}

/** Sets `VERIFICATION.valid_main_page` (in the transaction that makes a page live: every saved page is valid). */
export function mainPageValid(tableName: string, userId: string): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: charityKey.verification(userId),
      UpdateExpression: 'SET valid_main_page = :t',
      ExpressionAttributeValues: { ':t': true },
    },
  });
}

/** Sets `VERIFICATION.valid_explore_page` (in the explore save's transaction); fails without the item. */
export function explorePageValidity(tableName: string, userId: string, complete: boolean): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: charityKey.verification(userId),
      UpdateExpression: 'SET valid_explore_page = :c',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':c': complete },
    },
  });
}

/** Sets `PROFILE.profile_image_name` to `name` (null: removed), only while it is still `oldName` (null: none). */
export function profileImageChange(
  tableName: string,
  userId: string,
  name: string | null,
  oldName: string | null,
): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: charityKey.profile(userId),
      UpdateExpression: 'SET profile_image_name = :new',
      ConditionExpression:
        oldName === null
          ? 'attribute_exists(PK) AND (attribute_not_exists(profile_image_name) OR profile_image_name = :null)'
          : 'attribute_exists(PK) AND profile_image_name = :old',
      ExpressionAttributeValues:
        oldName === null ? { ':new': name, ':null': null } : { ':new': name, ':old': oldName },
    },
  });
}

/**
 * Sets a Stripe id on PROFILE: the payment account, or the account being onboarded (kept once remembered:
 * only the same id may be written again). Payments carry {@link vettedCheck} beside it.
 */
export function stripeAccountSet(
  tableName: string,
  userId: string,
  field: 'stripe_account_id' | 'stripe_onboarding_account_id',
  accountId: string,
): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: charityKey.profile(userId),
      UpdateExpression: `SET ${field} = :id`,
      ConditionExpression:
        field === 'stripe_account_id'
          ? 'attribute_exists(PK)'
          : 'attribute_exists(PK) AND (attribute_not_exists(stripe_onboarding_account_id) OR stripe_onboarding_account_id = :id)',
      ExpressionAttributeValues: { ':id': accountId },
    },
  });
}

/**
 * The items a new charity account is made of: PROFILE (refused if it exists), VERIFICATION (listed under GSI1
 * `UNVERIFIED` for the sweep until verified), the code if one was sent, and the team's case when the register
 * holds no email. Registration writes them with its marker; test fixtures write them alone.
 */
export function newAccountItems(
  tableName: string,
  input: { profile: CharityProfile; verification: VerificationFlags; code: VerificationCode | null },
): TxItem[] {
  const { profile, verification, code } = input;
  const userId = profile.id;
  const put = (Item: Record<string, unknown>, ConditionExpression?: string) =>
    txItem({ Put: { TableName: tableName, Item, ...(ConditionExpression ? { ConditionExpression } : {}) } });
  return [
    put({ ...charityKey.profile(userId), ...profile }, 'attribute_not_exists(PK)'),
    put({
      ...charityKey.verification(userId),
      ...verification,
      // Found by the sweep once expired; removed when verified.
      ...(verification.verified
        ? {}
        : { GSI1PK: UNVERIFIED, GSI1SK: `${verification.expires_at}#${userId}` }),
    }),
    ...(code ? [put({ ...charityKey.code(userId), ...code })] : []),
    ...(verification.needs_manual_verification
      ? [
          put({
            ...charityKey.openCase(userId),
            kind: 'NO_REGISTER_EMAIL',
            registration_number: profile.registration_number,
            charity_name: profile.charity_name,
            sign_in_email: profile.email,
            created_at: profile.created_at,
            GSI1PK: OPEN_CASES,
            GSI1SK: `${profile.created_at}#${userId}`,
          }),
        ]
      : []),
  ];
}

/** The flags of a new account: nothing done yet, unverified until `expires_at` unless `over` says otherwise. */
export const newVerificationFlags = (
  expires_at: string,
  over: Partial<VerificationFlags> = {},
): VerificationFlags => ({
  verified: false,
  finished_setting_up_account: false,
  valid_main_page: false,
  valid_explore_page: false,
  page_is_liveable: false,
  page_is_live: false,
  total_failures: 0,
  locked: false,
  needs_manual_verification: false,
  expires_at,
  ...over,
});

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

/**
 * Lists (or withdraws) a number on GSI1 `REGNO`, the finder's "on the platform" list: only vetted charities
 * (verified, not locked) are on it. The marker must still belong to the account.
 */
function onPlatformListing(
  TableName: string,
  registrationNumber: string,
  userId: string,
  listed: boolean,
): TxItem {
  const keys = onPlatformIndexKeys(registrationNumber);
  return txItem({
    Update: {
      TableName,
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
      const { profile } = input;
      const vetted = isVetted(input.verification);
      await transact(table, [
        ...newAccountItems(TableName, input),
        txItem({
          Update: {
            TableName,
            Key: registrationMarkerKey(profile.registration_number),
            // Listed as on the platform (GSI1) only while vetted: a new account is listed by markVerified.
            UpdateExpression: `SET userId = :uid, charity_name = :name, created_at = :at${vetted ? ', GSI1PK = :gpk, GSI1SK = :gsk' : ''} REMOVE pending, expiresAt`,
            ConditionExpression: 'pending = :rid',
            ExpressionAttributeValues: {
              ':uid': profile.id,
              ':name': profile.charity_name,
              ':at': profile.created_at,
              ':rid': input.requestId,
              ...(vetted
                ? {
                    ':gpk': onPlatformIndexKeys(profile.registration_number).GSI1PK,
                    ':gsk': onPlatformIndexKeys(profile.registration_number).GSI1SK,
                  }
                : {}),
            },
          },
        }),
      ]);
      if (vetted) noteOnPlatform(profile.registration_number);
    },
    getProfile: (userId: string) => get<CharityProfile>(charityKey.profile(userId)),

    /**
     * Voids every ID token issued before `at`: the handler pipeline refuses tokens whose `iat` is earlier than
     * `tokens_valid_after` (epoch seconds). Used by password change, password reset and sign-out everywhere.
     * Does nothing (false) when the account no longer exists.
     */
    async revokeTokensBefore(userId: string, at: Date): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.profile(userId),
            UpdateExpression: 'SET tokens_valid_after = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': Math.floor(at.getTime() / 1000) },
          }),
        ),
      );
    },
    /**
     * Two-step sign-in turned on at `at`: records it and voids every ID token issued before (turning it on ends
     * every session, so the next one is signed in with a code). False when the account no longer exists.
     */
    async markTwoStepOn(userId: string, at: Date): Promise<boolean> {
      const seconds = Math.floor(at.getTime() / 1000);
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.profile(userId),
            UpdateExpression: 'SET mfa_enabled_at = :at, tokens_valid_after = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':at': seconds },
          }),
        ),
      );
    },
    /** Two-step sign-in turned off: forgets when it was turned on. False when the account no longer exists. */
    async markTwoStepOff(userId: string): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.profile(userId),
            UpdateExpression: 'REMOVE mfa_enabled_at',
            ConditionExpression: 'attribute_exists(PK)',
          }),
        ),
      );
    },
    /** Sets the profile's display name; false (nothing written) when there is no profile. */
    async setDisplayName(userId: string, displayName: string): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.profile(userId),
            UpdateExpression: 'SET display_name = :name',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':name': displayName },
          }),
        ),
      );
    },

    /**
     * Starts a setup check: bumps the check counter on VERIFICATION and returns it (undefined when there is no
     * VERIFICATION). Only the latest check may write the flag (see `finishSetupCheck`), and it reads after every
     * earlier check began.
     */
    async beginSetupCheck(userId: string): Promise<number | undefined> {
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.verification(userId),
            UpdateExpression: 'ADD setup_check :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return out && Number(out.Attributes?.setup_check ?? 0);
    },

    /** Writes finished_setting_up_account if no later check has begun; false when one has (it will write). */
    async finishSetupCheck(userId: string, check: number, finished: boolean): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.verification(userId),
            UpdateExpression: 'SET finished_setting_up_account = :f',
            ConditionExpression: 'setup_check = :check',
            ExpressionAttributeValues: { ':f': finished, ':check': check },
          }),
        ),
      );
    },

    getVerification: (userId: string) => get<VerificationFlags>(charityKey.verification(userId)),
    getCode: (userId: string) => get<VerificationCode>(charityKey.code(userId)),

    /** Records an attempt if the last was at least `throttleMs` ago; returns the code, or throws ConditionFailedError. */
    async startAttempt(userId: string, nowMs: number, throttleMs: number): Promise<VerificationCode> {
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.code(userId),
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

    /**
     * Stops an unverified account from ever being verified (the register-address holder said "this wasn't me";
     * its deletion follows): locked, only while `verified` is false, so a verification racing it either came
     * first (false here) or fails on `locked`. False when the account is verified or gone.
     */
    async freezeUnverified(userId: string): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.verification(userId),
            UpdateExpression: 'SET locked = :t',
            ConditionExpression: 'attribute_exists(PK) AND verified = :f',
            ExpressionAttributeValues: { ':t': true, ':f': false },
          }),
        ),
      );
    },

    /**
     * Locks the account's verification (its number's guess budget is spent) and records the number's total;
     * a locked charity is no longer vetted, so its number leaves the finder's on-platform list.
     */
    async lock(userId: string, registrationNumber: string, totalFailures: number): Promise<void> {
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.verification(userId),
            UpdateExpression: 'SET locked = :t, total_failures = :n',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':t': true, ':n': totalFailures },
          }),
        ),
      );
      // Not vetted any more: withdrawn from the live list (the sitemap) too, if it was there.
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.live(userId),
            UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
            ConditionExpression: 'attribute_exists(PK)',
          }),
        ),
      );
      // A failed condition: the marker is gone or another account's, so nothing was listed.
      await whenCondition(transact(table, [onPlatformListing(TableName, registrationNumber, userId, false)]));
      noteOffPlatform(registrationNumber);
    },

    /**
     * Marks the charity verified and removes the code, accepting a given code once (parallel calls included);
     * vetted now, its number joins the finder's on-platform list (GSI1 of its marker) in the same transaction.
     */
    async markVerified(userId: string, registrationNumber: string, codeHash: string): Promise<boolean> {
      const written = await whenCondition(
        transact(table, [
          onPlatformListing(TableName, registrationNumber, userId, true),
          txItem({
            Delete: {
              TableName,
              Key: charityKey.code(userId),
              ConditionExpression: 'code_hash = :h',
              ExpressionAttributeValues: { ':h': codeHash },
            },
          }),
          txItem({
            Update: {
              TableName,
              Key: charityKey.verification(userId),
              UpdateExpression: 'SET verified = :t REMOVE GSI1PK, GSI1SK',
              ConditionExpression: 'verified = :f AND locked = :f',
              ExpressionAttributeValues: { ':t': true, ':f': false },
            },
          }),
        ]),
      );
      if (written) noteOnPlatform(registrationNumber);
      return written;
    },

    /** Replaces the code if the last send was at least `throttleMs` ago; throws ConditionFailedError otherwise. */
    async replaceCode(userId: string, code: VerificationCode, throttleMs: number): Promise<void> {
      const written = await whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: { ...charityKey.code(userId), ...code },
            ConditionExpression: 'attribute_not_exists(PK) OR last_sent_at <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': code.last_sent_at - throttleMs },
          }),
        ),
      );
      if (!written) throw new ConditionFailedError('resend throttled');
    },

    /**
     * Sets the page live or offline: the flag and the live record change together in one transaction, so they
     * never disagree, whatever the order of parallel toggles. Going live is refused (false) unless every
     * requirement holds at that moment. While live, the record is listed (GSI1 `LIVE#CHARITIES`, sorted by
     * registration number) with the number it was vetted under, so the sitemap reads that list alone.
     */
    async setLive(userId: string, registrationNumber: string, live: boolean, now: Date): Promise<boolean> {
      return whenCondition(
        transact(table, [
          txItem({
            Update: {
              TableName,
              Key: charityKey.verification(userId),
              UpdateExpression: 'SET page_is_live = :live',
              ConditionExpression: live
                ? 'verified = :t AND locked = :f AND finished_setting_up_account = :t AND valid_main_page = :t AND valid_explore_page = :t'
                : 'attribute_exists(PK)',
              ExpressionAttributeValues: live
                ? { ':live': true, ':t': true, ':f': false }
                : { ':live': false },
            },
          }),
          txItem({
            Put: {
              TableName,
              Item: {
                ...charityKey.live(userId),
                id: userId,
                live,
                updated_at: now.toISOString(),
                ...(live
                  ? {
                      registration_number: registrationNumber,
                      GSI1PK: LIVE_CHARITIES,
                      GSI1SK: registrationNumber,
                    }
                  : {}),
              },
            },
          }),
          // The account exists and holds that number (the listing never names another charity's number).
          txItem({
            ConditionCheck: {
              TableName,
              Key: charityKey.profile(userId),
              ConditionExpression: 'attribute_exists(PK) AND registration_number = :n',
              ExpressionAttributeValues: { ':n': registrationNumber },
            },
          }),
        ]),
      );
    },

    /** The profile's session fields (consistent read: a deletion a moment ago counts). */
    async sessionState(userId: string): Promise<{ exists: boolean; tokensValidAfter: number }> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: charityKey.profile(userId),
          ProjectionExpression: 'PK, tokens_valid_after',
          ConsistentRead: true,
        }),
      );
      return { exists: out.Item !== undefined, tokensValidAfter: Number(out.Item?.tokens_valid_after ?? 0) };
    },

    async getLive(userId: string): Promise<boolean> {
      return (await get<{ live?: boolean }>(charityKey.live(userId)))?.live === true;
    },

    /** The account holding a registration number, if one does (not a registration still in progress). */
    async userIdByNumber(registrationNumber: string): Promise<string | undefined> {
      const marker = await get<{ userId?: string }>(registrationMarkerKey(registrationNumber));
      return marker?.userId;
    },

    /**
     * Registration numbers of the live charities (GSI1 `LIVE#CHARITIES`, in number order), at most `limit`: a
     * record is listed only while live and vetted (`setLive` lists it, `lock` and deletion withdraw it).
     */
    async listLiveNumbers(limit: number): Promise<string[]> {
      const numbers: string[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await table.doc.send(
          new QueryCommand({
            TableName,
            IndexName: GSI1,
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': LIVE_CHARITIES },
            ProjectionExpression: 'registration_number',
            Limit: limit - numbers.length,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of out.Items ?? [])
          if (typeof i.registration_number === 'string') numbers.push(i.registration_number);
        start = out.LastEvaluatedKey;
      } while (start && numbers.length < limit);
      return numbers;
    },

    /** Unverified accounts whose time ran out before `now`, a page (at most `pageSize`) at a time, to the end. */
    async *expiredUnverified(now: Date, pageSize = 100): AsyncGenerator<string[]> {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await table.doc.send(
          new QueryCommand({
            TableName,
            IndexName: GSI1,
            KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :now',
            ExpressionAttributeValues: { ':pk': UNVERIFIED, ':now': now.toISOString() },
            Limit: pageSize,
            ExclusiveStartKey: start,
          }),
        );
        const ids = (out.Items ?? []).map((i) => String(i.PK).slice('CHARITY#'.length));
        if (ids.length) yield ids;
        start = out.LastEvaluatedKey;
      } while (start);
    },

    /**
     * Counts `bytes` of media against an unverified account's allowance (`unverified_media_bytes` on its flags,
     * at most `cap` in all, in one conditional update): 'reserved', 'verified' (no allowance applies) or 'full'.
     */
    async reserveUnverifiedMediaBytes(
      userId: string,
      bytes: number,
      cap: number,
    ): Promise<'reserved' | 'verified' | 'full' | 'missing'> {
      const reserved = await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: charityKey.verification(userId),
            UpdateExpression:
              'SET unverified_media_bytes = if_not_exists(unverified_media_bytes, :zero) + :bytes',
            ConditionExpression:
              'attribute_exists(PK) AND verified = :false AND (attribute_not_exists(unverified_media_bytes) OR unverified_media_bytes <= :room)',
            ExpressionAttributeValues: { ':zero': 0, ':bytes': bytes, ':false': false, ':room': cap - bytes },
          }),
        ),
      );
      if (reserved) return 'reserved';
      const flags = await get<VerificationFlags>(charityKey.verification(userId));
      if (!flags) return 'missing';
      return flags.verified ? 'verified' : 'full';
    },

    /** Deletes the profile alone: every `/api/me/*` write of the account fails from here on (`accountExists`). */
    async removeProfile(userId: string): Promise<void> {
      await table.doc.send(new DeleteCommand({ TableName, Key: charityKey.profile(userId) }));
    },

    /** Deletes every item under the charity's partition and its registration marker (if it is this account's). */
    async deleteAll(userId: string, registrationNumber: string | undefined): Promise<number> {
      // The profile goes first: every later write of this account (they all check it) fails from here on.
      await table.doc.send(new DeleteCommand({ TableName, Key: charityKey.profile(userId) }));
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
        const deletedMarker = await whenCondition(
          table.doc.send(
            new DeleteCommand({
              TableName,
              Key: registrationMarkerKey(registrationNumber),
              ConditionExpression: 'userId = :uid',
              ExpressionAttributeValues: { ':uid': userId },
            }),
          ),
        );
        if (deletedMarker) noteOffPlatform(registrationNumber);
      }
      return deleted;
    },
  };
}

export type CharityData = ReturnType<typeof charityData>;
