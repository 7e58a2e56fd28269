import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { noteOffPlatform, noteOnPlatform } from '../registration-markers';
import { queryPages, type Table, type TxItem, transact, whenCondition } from '../table';
import { codeAccepted, codeData, codeKey, newCode, type VerificationCode } from './code';
import { liveData, liveKey, liveRecord } from './live';
import { newOpenCase, openCaseKey } from './open-case';
import { charityPk } from './partition';
import { type CharityProfile, holdsNumber, newProfile, profileData, profileKey } from './profile';
import { markerFinalised, onPlatformListing, registrationMarkerData } from './registration-marker';
import {
  isVetted,
  newVerification,
  pageLiveChange,
  type VerificationFlags,
  verificationData,
  verificationKey,
  verifiedChange,
} from './verification';

/**
 * Charity accounts: one module per item of the account, each the only writer of its item (the entity chart,
 * `lambdas/data/README.md`): `profile.ts` (`PROFILE`), `verification.ts` (`VERIFICATION`), `code.ts` (`CODE`),
 * `open-case.ts` (`CASE#NO_REGISTER_EMAIL`), `live.ts` (`LIVE`) and `registration-marker.ts` (`REGNO#<number>`,
 * one account per number). This index composes their builders into the transactions that span several items
 * (registration, verification, going live, the lock, deletion) and offers them all as one port, `charityData`.
 */
export { type CodePurpose, ConditionFailedError, codeAccepted, codeKey, type VerificationCode } from './code';
export { liveKey } from './live';
export { openCaseKey } from './open-case';
export { charityPk } from './partition';
export {
  accountExists,
  type CharityProfile,
  livePageChange,
  type PayoutChange,
  profileImageChange,
  profileKey,
  stripeAccountSet,
  takesCharges,
} from './profile';
export {
  onPlatformIndexKeys,
  type RegistrationMarker,
  registrationMarkerKey,
} from './registration-marker';
export {
  explorePageValidity,
  isVetted,
  mainPageValid,
  newVerificationFlags,
  type VerificationFlags,
  verificationKey,
  vettedCheck,
  visibleToDonors,
} from './verification';

/** The keys of the items of the account under `CHARITY#<userId>`, by item. */
export const charityKey = {
  profile: profileKey,
  verification: verificationKey,
  code: codeKey,
  live: liveKey,
  openCase: openCaseKey,
};

export interface NewAccount {
  profile: CharityProfile;
  verification: VerificationFlags;
  code: VerificationCode | null;
}

/**
 * The items a new charity account is made of: PROFILE (refused if it exists), VERIFICATION (listed under GSI1
 * `UNVERIFIED` for the sweep until verified), the code if one was sent, and the team's case when the register
 * holds no email. Registration writes them with its marker; test fixtures write them alone.
 */
export function newAccountItems(tableName: string, input: NewAccount): TxItem[] {
  const { profile, verification, code } = input;
  return [
    newProfile(tableName, profile),
    newVerification(tableName, profile.id, verification),
    ...(code ? [newCode(tableName, profile.id, code)] : []),
    ...(verification.needs_manual_verification ? [newOpenCase(tableName, profile)] : []),
  ];
}

export function charityData(table: Table) {
  const TableName = table.name;
  const profiles = profileData(table);
  const flags = verificationData(table);
  const codes = codeData(table);
  const live = liveData(table);
  const markers = registrationMarkerData(table);
  const { lockFlags, ...flagReads } = flags;
  const { withdrawListing, ...liveReads } = live;
  const { releaseAccountNumber, ...markerOps } = markers;

  return {
    ...profiles,
    ...flagReads,
    ...codes,
    ...liveReads,
    ...markerOps,

    /** Writes the account's items and finalises the marker, in one transaction. */
    async createAccount(input: NewAccount & { requestId: string }): Promise<void> {
      const { profile } = input;
      const vetted = isVetted(input.verification);
      await transact(table, [
        ...newAccountItems(TableName, input),
        markerFinalised(TableName, input.requestId, profile, vetted),
      ]);
      if (vetted) noteOnPlatform(profile.registration_number);
    },

    /**
     * Locks the account's verification (its number's guess budget is spent) and records the number's total;
     * a locked charity is no longer vetted, so its number leaves the finder's on-platform list.
     */
    async lock(userId: string, registrationNumber: string, totalFailures: number): Promise<void> {
      await lockFlags(userId, totalFailures);
      // Not vetted any more: withdrawn from the live list (the sitemap) too, if it was there.
      await withdrawListing(userId);
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
          codeAccepted(TableName, userId, codeHash),
          verifiedChange(TableName, userId),
        ]),
      );
      if (written) noteOnPlatform(registrationNumber);
      return written;
    },

    /**
     * Sets the page live or offline: the flag and the live record change together in one transaction, so they
     * never disagree, whatever the order of parallel toggles. Going live is refused (false) unless every
     * requirement holds at that moment. While live, the record is listed (GSI1 `LIVE#CHARITIES`, sorted by
     * registration number) with the number it was vetted under, so the sitemap reads that list alone.
     */
    async setLive(userId: string, registrationNumber: string, isLive: boolean, now: Date): Promise<boolean> {
      return whenCondition(
        transact(table, [
          pageLiveChange(TableName, userId, isLive),
          liveRecord(TableName, userId, registrationNumber, isLive, now),
          // The account exists and holds that number (the listing never names another charity's number).
          holdsNumber(TableName, userId, registrationNumber),
        ]),
      );
    },

    /** Deletes every item under the charity's partition and its registration marker (if it is this account's). */
    async deleteAll(userId: string, registrationNumber: string | undefined): Promise<number> {
      // The profile goes first: every later write of this account (they all check it) fails from here on.
      await profiles.removeProfile(userId);
      let deleted = 0;
      const pages = queryPages(table, {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': charityPk(userId) },
        ProjectionExpression: 'PK, SK',
      });
      for await (const items of pages) {
        await Promise.all(
          items.map((i) => table.doc.send(new DeleteCommand({ TableName, Key: { PK: i.PK, SK: i.SK } }))),
        );
        deleted += items.length;
      }
      if (registrationNumber && (await releaseAccountNumber(registrationNumber, userId)))
        noteOffPlatform(registrationNumber);
      return deleted;
    },
  };
}

export type CharityData = ReturnType<typeof charityData>;
