import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  accountExists,
  charityData,
  charityPk,
  isVetted,
  profileImageChange,
  stripeAccountSet,
  vettedCheck,
} from './charities';
import { pageData } from './pages';
import { conditionFailures, type Table, transact, txItem, whenCondition } from './table';
import type { UploadData } from './uploads';

/**
 * Account preferences: the email preferences item `PREFS#EMAIL` (charity_email_preferences) under the charity's
 * partition, which this module owns, and the preference operations on `PROFILE` (display_name,
 * profile_image_name, stripe_account_id, the Stripe account being onboarded) and `VERIFICATION`
 * (finished_setting_up_account), which it composes from the builders and methods of `charities/` (`profile.ts`, `verification.ts`).
 */
export const EMAIL_PREFS_SK = 'PREFS#EMAIL';

export interface EmailPreferences {
  charity_id: string;
  preferred_email: string | null;
  tips_notifications: boolean;
  performance_updates: boolean;
  updated_at: string | null;
}

/** Stored email preferences may lack the toggles (only the preferred email was saved): they default on. */
interface StoredEmailPreferences {
  charity_id?: string;
  preferred_email?: string | null;
  tips_notifications?: boolean;
  performance_updates?: boolean;
  updated_at?: string;
}

/** The charity is not vetted (unverified or locked): it may not connect payments. */
export class NotVettedError extends Error {
  constructor() {
    super('charity is not verified');
    this.name = 'NotVettedError';
  }
}

export class NotFoundItemError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundItemError';
  }
}

/** The preference fields of the charity's PROFILE item. */
export interface ProfileFields {
  id: string;
  charity_name: string;
  display_name?: string | null;
  email: string;
  profile_image_name?: string | null;
  stripe_account_id?: string | null;
  /** The Stripe account created for onboarding, until (and after) it is stored as stripe_account_id. */
  stripe_onboarding_account_id?: string | null;
  stripe_charges_enabled?: boolean;
  hmrc_reference?: string | null;
}

/** Why a profile image transaction was refused. */
export type ProfileImageConflict = 'changed' | 'upload-used' | 'missing';

export function preferenceData(table: Table) {
  const TableName = table.name;
  const key = (userId: string, SK: string) => ({ PK: charityPk(userId), SK });
  const charities = charityData(table);
  const pages = pageData(table);

  /**
   * An upsert of some fields of the email preferences item (the others are kept), only while the charity's
   * profile exists (a token outliving a deleted account must not leave an orphan item).
   */
  const upsertEmailPrefs = async (userId: string, set: Record<string, unknown>) => {
    const names = Object.keys(set);
    const written = await whenCondition(
      transact(table, [
        accountExists(TableName, userId),
        txItem({
          Update: {
            TableName,
            Key: key(userId, EMAIL_PREFS_SK),
            UpdateExpression: `SET charity_id = :cid, ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
            ExpressionAttributeValues: {
              ':cid': userId,
              ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
            },
          },
        }),
      ]),
    );
    if (!written) throw new NotFoundItemError('PROFILE');
  };

  /**
   * Sets a Stripe id on PROFILE only while the charity is vetted (one transaction with `vettedCheck`); false
   * when a condition refused it (the caller reads why).
   */
  const vettedStripeUpdate = async (
    userId: string,
    field: 'stripe_account_id' | 'stripe_onboarding_account_id',
    accountId: string,
  ) => {
    return whenCondition(
      transact(table, [
        stripeAccountSet(TableName, userId, field, accountId),
        vettedCheck(TableName, userId),
      ]),
    );
  };

  /** The preference fields of the profile (consistent read), or undefined when there is no profile. */
  const getProfileFields = (userId: string) =>
    charities.getProfile(userId) as Promise<ProfileFields | undefined>;

  return {
    /** The email preferences; toggles default on and the email to null when nothing is stored. */
    async getEmailPreferences(userId: string): Promise<EmailPreferences> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: key(userId, EMAIL_PREFS_SK), ConsistentRead: true }),
      );
      const item = (out.Item ?? {}) as StoredEmailPreferences;
      return {
        charity_id: userId,
        preferred_email: item.preferred_email ?? null,
        tips_notifications: item.tips_notifications ?? true,
        performance_updates: item.performance_updates ?? true,
        updated_at: item.updated_at ?? null,
      };
    },

    /** Upsert {charity_id, preferred_email, updated_at}. */
    async savePreferredEmail(userId: string, preferredEmail: string | null, now: Date) {
      await upsertEmailPrefs(userId, { preferred_email: preferredEmail, updated_at: now.toISOString() });
    },

    /** Upsert {charity_id, tips_notifications, performance_updates, updated_at}. */
    async saveNotifications(
      userId: string,
      toggles: { tips_notifications: boolean; performance_updates: boolean },
      now: Date,
    ) {
      await upsertEmailPrefs(userId, { ...toggles, updated_at: now.toISOString() });
    },

    /** Sets display_name on the profile; NotFoundItemError when there is no profile. */
    async setDisplayName(userId: string, displayName: string): Promise<void> {
      if (!(await charities.setDisplayName(userId, displayName))) throw new NotFoundItemError('PROFILE');
    },

    /**
     * Sets the profile image name and consumes the issued upload in one transaction, only if the image is
     * still `oldName` (so the file deleted afterwards is really the one replaced). Returns null on success.
     */
    async replaceProfileImage(
      uploads: Pick<UploadData, 'consume'>,
      userId: string,
      upload: { key: string; name: string },
      oldName: string | null,
    ): Promise<ProfileImageConflict | null> {
      const failed = await conditionFailures(
        transact(table, [
          profileImageChange(TableName, userId, upload.name, oldName),
          uploads.consume(userId, upload.key),
        ]),
      );
      if (!failed) return null;
      if (failed.includes(1)) return 'upload-used';
      const profile = await getProfileFields(userId);
      return profile ? 'changed' : 'missing';
    },

    /**
     * Removes the profile image (back to initials), only while it is still `oldName`, so the file deleted
     * afterwards is really the one removed. Returns null on success.
     */
    async clearProfileImage(userId: string, oldName: string): Promise<'changed' | 'missing' | null> {
      if (await whenCondition(transact(table, [profileImageChange(TableName, userId, null, oldName)])))
        return null;
      return (await getProfileFields(userId)) ? 'changed' : 'missing';
    },

    getProfileFields,

    /**
     * Remembers the Stripe account being onboarded, unless one is already remembered; returns the one kept.
     * Only for a vetted charity (checked in the same transaction): NotVettedError otherwise.
     */
    async rememberOnboardingAccount(userId: string, accountId: string): Promise<string> {
      if (await vettedStripeUpdate(userId, 'stripe_onboarding_account_id', accountId)) return accountId;
      const [profile, flags] = await Promise.all([
        getProfileFields(userId),
        charities.getVerification(userId),
      ]);
      if (!profile) throw new NotFoundItemError('PROFILE');
      if (!isVetted(flags)) throw new NotVettedError();
      // Another start remembered an account first: continue that one.
      return String(profile.stripe_onboarding_account_id);
    },

    /** Stores the charity's payment account; only for a vetted charity, checked in the same transaction. */
    async setPaymentAccount(userId: string, accountId: string): Promise<void> {
      if (await vettedStripeUpdate(userId, 'stripe_account_id', accountId)) return;
      if (!(await getProfileFields(userId))) throw new NotFoundItemError('PROFILE');
      throw new NotVettedError();
    },

    /** Whether the charity has at least one main page. */
    hasMainPage: pages.hasAny,

    /**
     * Starts a setup check: bumps the check counter on VERIFICATION and returns it. Only the latest check may
     * write the flag (see {@link finishSetupCheck}), and it reads after every earlier check began.
     */
    async beginSetupCheck(userId: string): Promise<number> {
      const check = await charities.beginSetupCheck(userId);
      if (check === undefined) throw new NotFoundItemError('VERIFICATION');
      return check;
    },

    /** Writes finished_setting_up_account if no later check has begun; false when one has (it will write). */
    finishSetupCheck: charities.finishSetupCheck,

    /** Whether the charity is vetted: verified against the register's email and not locked. */
    async isVetted(userId: string): Promise<boolean> {
      return isVetted(await charities.getVerification(userId));
    },

    /** The stored flag (consistent read); false when there is no verification item. */
    async finishedSetup(userId: string): Promise<boolean> {
      return (await charities.getVerification(userId))?.finished_setting_up_account === true;
    },
  };
}

export type PreferenceData = ReturnType<typeof preferenceData>;
