import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GSI1, UNVERIFIED } from '../indexes';
import {
  queryPages,
  type Table,
  type TxItem,
  txItem,
  updateExisting,
  whenCondition,
  whenConditionOutput,
} from '../table';
import { charityItemKey, charityPk } from './partition';

/**
 * The verification flags: `CHARITY#<userId>` / `VERIFICATION`, listed under GSI1 `UNVERIFIED` (by
 * `<expires_at>#<userId>`) for the sweep while the account is unverified.
 */
export const verificationKey = (userId: string) => charityItemKey(userId, 'VERIFICATION');

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

/** The new account's flags (in registration's transaction), found by the sweep once expired until verified. */
export function newVerification(tableName: string, userId: string, flags: VerificationFlags): TxItem {
  return txItem({
    Put: {
      TableName: tableName,
      Item: {
        ...verificationKey(userId),
        ...flags,
        ...(flags.verified ? {} : { GSI1PK: UNVERIFIED, GSI1SK: `${flags.expires_at}#${userId}` }),
      },
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
      Key: verificationKey(userId),
      ConditionExpression: 'verified = :t AND locked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    },
  });
}

/**
 * A transaction item that fails unless donors may see the charity: vetted (verified, not locked) and live. A
 * donation's transaction carries it.
 */
export function visibleToDonors(tableName: string, userId: string): TxItem {
  return txItem({
    ConditionCheck: {
      TableName: tableName,
      Key: verificationKey(userId),
      ConditionExpression: 'verified = :t AND locked = :f AND page_is_live = :t',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    },
  });
}

/** Sets `VERIFICATION.valid_main_page` (in the transaction that makes a page live: every saved page is valid). */
export function mainPageValid(tableName: string, userId: string): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: verificationKey(userId),
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
      Key: verificationKey(userId),
      UpdateExpression: 'SET valid_explore_page = :c',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':c': complete },
    },
  });
}

/** Marks the account verified (once: not already verified, not locked) and takes it out of the sweep. */
export function verifiedChange(tableName: string, userId: string): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: verificationKey(userId),
      UpdateExpression: 'SET verified = :t REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'verified = :f AND locked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    },
  });
}

/**
 * Sets `page_is_live`. Going live is refused unless every requirement holds at that moment: vetted, set up, a
 * valid main page and a valid explore page.
 */
export function pageLiveChange(tableName: string, userId: string, live: boolean): TxItem {
  return txItem({
    Update: {
      TableName: tableName,
      Key: verificationKey(userId),
      UpdateExpression: 'SET page_is_live = :live',
      ConditionExpression: live
        ? 'verified = :t AND locked = :f AND finished_setting_up_account = :t AND valid_main_page = :t AND valid_explore_page = :t'
        : 'attribute_exists(PK)',
      ExpressionAttributeValues: live ? { ':live': true, ':t': true, ':f': false } : { ':live': false },
    },
  });
}

/** Reads and single writes of the verification flags. */
export function verificationData(table: Table) {
  const TableName = table.name;
  const get = async (userId: string) =>
    (await table.doc.send(new GetCommand({ TableName, Key: verificationKey(userId), ConsistentRead: true })))
      .Item as VerificationFlags | undefined;

  return {
    getVerification: get,

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
            Key: verificationKey(userId),
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
            Key: verificationKey(userId),
            UpdateExpression: 'SET finished_setting_up_account = :f',
            ConditionExpression: 'setup_check = :check',
            ExpressionAttributeValues: { ':f': finished, ':check': check },
          }),
        ),
      );
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
            Key: verificationKey(userId),
            UpdateExpression: 'SET locked = :t',
            ConditionExpression: 'attribute_exists(PK) AND verified = :f',
            ExpressionAttributeValues: { ':t': true, ':f': false },
          }),
        ),
      );
    },

    /** Locks the account's verification and records its number's wrong codes in all (nothing without flags). */
    async lockFlags(userId: string, totalFailures: number): Promise<void> {
      await updateExisting(table, verificationKey(userId), 'SET locked = :t, total_failures = :n', {
        ':t': true,
        ':n': totalFailures,
      });
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
            Key: verificationKey(userId),
            UpdateExpression:
              'SET unverified_media_bytes = if_not_exists(unverified_media_bytes, :zero) + :bytes',
            ConditionExpression:
              'attribute_exists(PK) AND verified = :false AND (attribute_not_exists(unverified_media_bytes) OR unverified_media_bytes <= :room)',
            ExpressionAttributeValues: { ':zero': 0, ':bytes': bytes, ':false': false, ':room': cap - bytes },
          }),
        ),
      );
      if (reserved) return 'reserved';
      const flags = await get(userId);
      if (!flags) return 'missing';
      return flags.verified ? 'verified' : 'full';
    },

    /** Unverified accounts whose time ran out before `now`, a page (at most `pageSize`) at a time, to the end. */
    async *expiredUnverified(now: Date, pageSize = 100): AsyncGenerator<string[]> {
      const pages = queryPages(
        table,
        {
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :now',
          ExpressionAttributeValues: { ':pk': UNVERIFIED, ':now': now.toISOString() },
        },
        { pageSize },
      );
      const prefix = charityPk('');
      for await (const items of pages) {
        const ids = items.map((i) => String(i.PK).slice(prefix.length));
        if (ids.length) yield ids;
      }
    },
  };
}
