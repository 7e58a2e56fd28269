import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CharityProfile,
  charityData,
  charityPk,
  newAccountItems,
  newVerificationFlags,
  type VerificationFlags,
} from '../../lambdas/data/charities';
import { pageData } from '../../lambdas/data/pages';
import { transact } from '../../lambdas/data/table';
import { cloud } from './cloud';
import { createUser, signIn, TEST_PASSWORD } from './identity';
import { madeUpNumber } from './numbers';
import { tableClient, testTable } from './table';

/**
 * Builders of charity fixtures, written through the data modules as the functions write them: accounts
 * (`newAccountItems`, or with the number's marker as registration writes it), finished setup, pages. Test
 * charities skip the register: their numbers are made up (`numbers.ts`), never one of the sample register's.
 */

export interface TestCharity {
  email: string;
  password: string;
  userId: string;
  idToken: string;
  charityName: string;
  registrationNumber: string;
}

export type VerificationFlag =
  | 'verified'
  | 'finished_setting_up_account'
  | 'valid_main_page'
  | 'valid_explore_page'
  | 'page_is_live';

/**
 * Writes a charity account's items for `userId` (no sign-in user: see {@link createCharity}), verified unless
 * `flags` say otherwise. With `holdNumber` the account also holds its number's marker, as registration leaves it
 * (listed as on the platform while vetted); without, the number is the account's alone to read.
 */
export async function writeAccount(input: {
  userId: string;
  email: string;
  charityName: string;
  registrationNumber: string;
  flags?: Partial<VerificationFlags>;
  holdNumber: boolean;
}): Promise<CharityProfile> {
  const now = new Date();
  const profile: CharityProfile = {
    id: input.userId,
    charity_name: input.charityName,
    display_name: null,
    email: input.email,
    registration_number: input.registrationNumber,
    created_at: now.toISOString(),
    profile_image_name: null,
    live_page_id: null,
    stripe_account_id: null,
    register_email: `hello-${input.registrationNumber}@example.org`,
  };
  const verification = newVerificationFlags(new Date(now.getTime() + 7 * 86_400_000).toISOString(), {
    verified: true,
    ...input.flags,
  });
  if (input.holdNumber) {
    const charities = charityData(testTable());
    const requestId = randomUUID();
    if (!(await charities.reserveNumber(input.registrationNumber, requestId, now)))
      throw new Error(`registration number ${input.registrationNumber} is taken`);
    await charities.createAccount({ requestId, profile, verification, code: null });
  } else {
    await transact(testTable(), newAccountItems(testTable().name, { profile, verification, code: null }));
  }
  return profile;
}

/**
 * A charity that can sign in: a Cognito charity user plus its account (verified by default). Its number is made
 * up (`T` and digits) unless given; with a number of the caller's the account holds the number's marker.
 */
export async function createCharity(
  opts: {
    label?: string;
    charityName?: string;
    flags?: Partial<Record<VerificationFlag, boolean>>;
    /** A number of the caller's; with it the account holds the number's marker, as registration writes it. */
    registrationNumber?: string;
    /** The sign-in email (a fresh one by default). */
    email?: string;
  } = {},
): Promise<TestCharity> {
  const { env } = cloud();
  const email =
    opts.email ?? `${opts.label ?? 'charity'}-${Date.now()}-${randomUUID().slice(0, 8)}@example.org`;
  await createUser('charity', email);
  const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, email, TEST_PASSWORD);
  const userId = JSON.parse(Buffer.from(idToken.split('.')[1] as string, 'base64url').toString())
    .sub as string;
  const registrationNumber = opts.registrationNumber ?? madeUpNumber({ style: 'T' });
  const charityName = opts.charityName ?? 'Brambleford Test Larder';
  await writeAccount({
    userId,
    email,
    charityName,
    registrationNumber,
    flags: opts.flags,
    holdNumber: opts.registrationNumber !== undefined,
  });
  return { email, password: TEST_PASSWORD, userId, idToken, charityName, registrationNumber };
}

/**
 * A vetted account (no sign-in user) holding `registrationNumber`'s marker, so the number is listed as on the
 * platform as registration and verification leave it. Returns the undo: the account's deletion.
 */
export async function createListedAccount(registrationNumber: string): Promise<() => Promise<void>> {
  const userId = `listed-${randomUUID()}`;
  await writeAccount({
    userId,
    email: `${userId}@example.org`,
    charityName: 'Listed Test Charity',
    registrationNumber,
    holdNumber: true,
  });
  return async () => {
    await charityData(testTable()).deleteAll(userId, registrationNumber);
  };
}

/** Finishes the account setup as the setup check does (`finished_setting_up_account`). */
export async function finishSetup(userId: string): Promise<void> {
  const charities = charityData(testTable());
  const check = await charities.beginSetupCheck(userId);
  if (check === undefined || !(await charities.finishSetupCheck(userId, check, true)))
    throw new Error(`setup of ${userId} not finished`);
}

/** A main page without media, saved as the page module saves one (live when `goLive` and none is). */
export async function writePage(
  userId: string,
  input: { name: string; content: Record<string, string>; goLive?: boolean; templateType?: string },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await pageData(testTable()).create({
    userId,
    page: {
      id,
      charity_id: userId,
      name: input.name,
      template_type: input.templateType ?? 'basic',
      content: input.content,
      is_live: input.goLive === true,
      version: 0,
      created_at: now,
      updated_at: now,
    },
    media: [],
    consume: [],
    goLive: input.goLive === true,
  });
  return id;
}

/** One item of the charity's partition (consistent read). */
export async function getItem(userId: string, SK: string): Promise<Record<string, unknown> | undefined> {
  const out = await tableClient().send(
    new GetCommand({
      TableName: cloud().env.TABLE_NAME,
      Key: { PK: charityPk(userId), SK },
      ConsistentRead: true,
    }),
  );
  return out.Item;
}

/** Every item of the charity's partition whose sort key starts with `prefix`. */
export async function itemsWithPrefix(userId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const out = await tableClient().send(
    new QueryCommand({
      TableName: cloud().env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': prefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}
