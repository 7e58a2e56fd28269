import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, type TxItem, txItem, updateExisting, whenCondition } from '../table';
import { charityItemKey } from './partition';

/**
 * A change of an existing payout account on hold (decision 04.7): `account_id` takes over from
 * `stripe_account_id` once `effective_at` has passed; until then donations go to the current account.
 */
export interface PayoutChange {
  account_id: string;
  /** ISO times. */
  requested_at: string;
  effective_at: string;
  /** Whether the new account can take charges (Stripe's `charges_enabled`, kept by `account.updated`). */
  charges_enabled: boolean;
}

/** The charity's profile: `CHARITY#<userId>` / `PROFILE`, the one item every `/api/me/*` write checks. */
export const profileKey = (userId: string) => charityItemKey(userId, 'PROFILE');

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
  /** The Stripe account being onboarded (the payment account once linked, or its replacement). */
  stripe_onboarding_account_id?: string | null;
  /** The email the register holds for the charity (where codes go); null when it has none. */
  register_email: string | null;
  /** Epoch seconds: ID tokens issued before this are refused (password change, reset, sign-out everywhere). */
  tokens_valid_after?: number;
  /**
   * Epoch seconds at which two-step sign-in (TOTP) was last turned on; absent while it is off. Payment changes
   * need an ID token issued at or after it (docs/trust-rules.md).
   */
  mfa_enabled_at?: number;
  /** Whether the payment account can take charges (Stripe's `charges_enabled`, kept by `account.updated`). */
  stripe_charges_enabled?: boolean;
  /** The charity's HMRC charity reference (Gift Aid); absent until the charity enters it. */
  hmrc_reference?: string | null;
  /** A change of payout account waiting out its hold; absent when none. */
  payout_change?: PayoutChange;
  /**
   * The causes the charity chose (register classification codes, shared/src/causes.ts), sorted; absent while it
   * has never chosen, when the register's own causes are its causes (decision 21.4).
   */
  causes?: number[];
}

/** The new account's profile (in registration's transaction): refused if the account exists. */
export function newProfile(tableName: string, profile: CharityProfile): TxItem {
  return txItem({
    Put: {
      TableName: tableName,
      Item: { ...profileKey(profile.id), ...profile },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
}

/**
 * A transaction item that fails the transaction unless the charity's account still exists (its PROFILE item).
 * Every write under `/api/me/*` carries it, so a token that outlived its account stores nothing, even when the
 * account is deleted between the handler's checks and its write.
 */
export function accountExists(tableName: string, userId: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: profileKey(userId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  });
}

/** A transaction item that fails unless the account exists and holds `registrationNumber`. */
export function holdsNumber(tableName: string, userId: string, registrationNumber: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: profileKey(userId),
      ConditionExpression: 'attribute_exists(PK) AND registration_number = :n',
      ExpressionAttributeValues: { ':n': registrationNumber },
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
      Key: profileKey(userId),
      UpdateExpression: 'SET live_page_id = :id',
      ConditionExpression: liveNow
        ? 'live_page_id = :old'
        : 'attribute_exists(PK) AND (attribute_not_exists(live_page_id) OR attribute_type(live_page_id, :null))',
      ExpressionAttributeValues: { ...(liveNow ? { ':old': liveNow } : { ':null': 'NULL' }), ':id': pageId },
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
      Key: profileKey(userId),
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
 * only the same id may be written again). Payments carry `vettedCheck` beside it.
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
      Key: profileKey(userId),
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
 * A transaction item that fails unless `accountId` is the charity's payment account and it can take charges
 * (a donation's transaction carries it).
 */
export function takesCharges(tableName: string, userId: string, accountId: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: profileKey(userId),
      ConditionExpression: 'stripe_account_id = :a AND stripe_charges_enabled = :t',
      ExpressionAttributeValues: { ':a': accountId, ':t': true },
    },
  });
}

/** Reads and single writes of the profile. */
export function profileData(table: Table) {
  const TableName = table.name;
  /** Updates the profile only while it exists: false (nothing written) when the account is gone. */
  const updateProfile = (
    userId: string,
    UpdateExpression: string,
    ExpressionAttributeValues?: Record<string, unknown>,
  ) => updateExisting(table, profileKey(userId), UpdateExpression, ExpressionAttributeValues);
  const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

  return {
    async getProfile(userId: string): Promise<CharityProfile | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: profileKey(userId), ConsistentRead: true }),
      );
      return out.Item as CharityProfile | undefined;
    },

    /**
     * Voids every ID token issued before `at`: the handler pipeline refuses tokens whose `iat` is earlier than
     * `tokens_valid_after` (epoch seconds). Used by password change, password reset and sign-out everywhere.
     * Does nothing (false) when the account no longer exists.
     */
    revokeTokensBefore: (userId: string, at: Date): Promise<boolean> =>
      updateProfile(userId, 'SET tokens_valid_after = :at', { ':at': epochSeconds(at) }),

    /**
     * Two-step sign-in turned on at `at`: records it and voids every ID token issued before (turning it on ends
     * every session, so the next one is signed in with a code). False when the account no longer exists.
     */
    markTwoStepOn: (userId: string, at: Date): Promise<boolean> =>
      updateProfile(userId, 'SET mfa_enabled_at = :at, tokens_valid_after = :at', {
        ':at': epochSeconds(at),
      }),

    /** Two-step sign-in turned off: forgets when it was turned on. False when the account no longer exists. */
    markTwoStepOff: (userId: string): Promise<boolean> => updateProfile(userId, 'REMOVE mfa_enabled_at'),

    /**
     * Records whether the payment account can take charges, only while `accountId` is still the charity's
     * payment account (a late event about a replaced account changes nothing); false when it is not.
     */
    async setChargesEnabled(userId: string, accountId: string, enabled: boolean): Promise<boolean> {
      const current = await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET stripe_charges_enabled = :e',
            ConditionExpression: 'attribute_exists(PK) AND stripe_account_id = :a',
            ExpressionAttributeValues: { ':e': enabled, ':a': accountId },
          }),
        ),
      );
      if (current) return true;
      // The account waiting to take over: its state travels with the change, so it takes over as Stripe says.
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET payout_change.charges_enabled = :e',
            ConditionExpression: 'attribute_exists(PK) AND payout_change.account_id = :a',
            ExpressionAttributeValues: { ':e': enabled, ':a': accountId },
          }),
        ),
      );
      return false;
    },

    /**
     * Holds a change of payout account: only while the charity has a different payout account (a change of an
     * existing one; a first account is linked at once). Replaces a change already waiting (its hold starts
     * again). False when the account is gone or has no payout account to change.
     */
    holdPayoutChange: (userId: string, change: PayoutChange): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET payout_change = :c',
            ConditionExpression:
              'attribute_exists(PK) AND attribute_type(stripe_account_id, :s) AND stripe_account_id <> :a',
            ExpressionAttributeValues: { ':c': change, ':a': change.account_id, ':s': 'S' },
          }),
        ),
      ),

    /**
     * The held change takes effect: the new account becomes the payout account (with its charges state), only
     * once its hold has passed at `now` and only if it is still the change that was read. True once.
     */
    applyPayoutChange: (userId: string, accountId: string, now: Date): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: profileKey(userId),
            UpdateExpression:
              'SET stripe_account_id = payout_change.account_id, stripe_charges_enabled = payout_change.charges_enabled REMOVE payout_change',
            ConditionExpression: 'payout_change.account_id = :a AND payout_change.effective_at <= :now',
            ExpressionAttributeValues: { ':a': accountId, ':now': now.toISOString() },
          }),
        ),
      ),

    /** Drops the held change of `accountId` (the "this wasn't me" link); false when it is no longer waiting. */
    cancelPayoutChange: (userId: string, accountId: string): Promise<boolean> =>
      whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: profileKey(userId),
            UpdateExpression: 'REMOVE payout_change',
            ConditionExpression: 'payout_change.account_id = :a',
            ExpressionAttributeValues: { ':a': accountId },
          }),
        ),
      ),

    /** Sets (or, with null, removes) the HMRC charity reference; false when there is no profile. */
    setHmrcReference: (userId: string, reference: string | null): Promise<boolean> =>
      updateProfile(userId, 'SET hmrc_reference = :r', { ':r': reference }),

    /**
     * Sets the charity's chosen causes (codes already checked against the register's list), or with null forgets
     * the choice (the register's causes again); false (nothing written) when there is no profile.
     */
    setCauses: (userId: string, codes: readonly number[] | null): Promise<boolean> =>
      codes === null
        ? updateProfile(userId, 'REMOVE causes')
        : updateProfile(userId, 'SET causes = :c', { ':c': [...codes] }),

    /** Sets the profile's display name; false (nothing written) when there is no profile. */
    setDisplayName: (userId: string, displayName: string): Promise<boolean> =>
      updateProfile(userId, 'SET display_name = :name', { ':name': displayName }),

    /** The profile's session fields (consistent read: a deletion a moment ago counts). */
    async sessionState(userId: string): Promise<{ exists: boolean; tokensValidAfter: number }> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: profileKey(userId),
          ProjectionExpression: 'PK, tokens_valid_after',
          ConsistentRead: true,
        }),
      );
      return { exists: out.Item !== undefined, tokensValidAfter: Number(out.Item?.tokens_valid_after ?? 0) };
    },

    /** Deletes the profile alone: every `/api/me/*` write of the account fails from here on (`accountExists`). */
    async removeProfile(userId: string): Promise<void> {
      await table.doc.send(new DeleteCommand({ TableName, Key: profileKey(userId) }));
    },
  };
}
