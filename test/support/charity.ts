import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CharityProfile,
  charityData,
  charityKey,
  charityPk,
  newAccountItems,
  newVerificationFlags,
} from '../../lambdas/data/charities';
import { createTable, type Table, transact } from '../../lambdas/data/table';
import { cloud } from './cloud';
import { createUser, signIn, TEST_PASSWORD } from './identity';

/**
 * Test charities without the register: a Cognito charity user plus the account items registration writes
 * (`newAccountItems` of lambdas/data/charities.ts), under a made-up registration number (`T` + digits) that never
 * touches the sample register's 38 numbers (one account per number), so suites can create as many as they need.
 */
let table: Table | undefined;
/** The local cloud's table, for the data modules (fixtures write through them, never with literal keys). */
export function testTable(): Table {
  const { env } = cloud();
  table ??= createTable(
    env.TABLE_NAME as string,
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return table;
}
export const tableClient = (): DynamoDBDocumentClient => testTable().doc;

export interface TestCharity {
  email: string;
  password: string;
  userId: string;
  idToken: string;
  charityName: string;
  registrationNumber: string;
}

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
  const registrationNumber = opts.registrationNumber ?? `T${Math.floor(Math.random() * 1e9)}`;
  const charityName = opts.charityName ?? 'Brambleford Test Larder';
  const now = new Date();
  const profile: CharityProfile = {
    id: userId,
    charity_name: charityName,
    display_name: null,
    email,
    registration_number: registrationNumber,
    created_at: now.toISOString(),
    profile_image_name: null,
    live_page_id: null,
    stripe_account_id: null,
    register_email: `hello-${registrationNumber}@example.org`,
  };
  const verification = newVerificationFlags(new Date(now.getTime() + 7 * 86_400_000).toISOString(), {
    verified: true,
    ...opts.flags,
  });
  if (opts.registrationNumber) {
    const charities = charityData(testTable());
    const requestId = randomUUID();
    if (!(await charities.reserveNumber(registrationNumber, requestId, now)))
      throw new Error(`registration number ${registrationNumber} is taken`);
    await charities.createAccount({ requestId, profile, verification, code: null });
  } else {
    await transact(testTable(), newAccountItems(testTable().name, { profile, verification, code: null }));
  }
  return { email, password: TEST_PASSWORD, userId, idToken, charityName, registrationNumber };
}

export type VerificationFlag =
  | 'verified'
  | 'finished_setting_up_account'
  | 'valid_main_page'
  | 'valid_explore_page'
  | 'page_is_live';

export async function setFlags(userId: string, flags: Partial<Record<VerificationFlag, boolean>>) {
  const names = Object.keys(flags);
  await tableClient().send(
    new UpdateCommand({
      TableName: cloud().env.TABLE_NAME,
      Key: charityKey.verification(userId),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(
        names.map((n, i) => [`:v${i}`, flags[n as VerificationFlag]]),
      ),
    }),
  );
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

/**
 * Lets a charity's next code attempt or resend through the per-account throttles (5 s between guesses, the resend
 * waits), as if the wait had passed: sets `last_attempt_at` or `last_sent_at` on its `CODE` item to `to`.
 */
export const rewindCode = (
  userId: string,
  field: 'last_attempt_at' | 'last_sent_at' = 'last_attempt_at',
  to = 0,
) =>
  tableClient().send(
    new UpdateCommand({
      TableName: cloud().env.TABLE_NAME,
      Key: charityKey.code(userId),
      UpdateExpression: `SET ${field} = :t`,
      ExpressionAttributeValues: { ':t': to },
    }),
  );
