import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CodePurpose,
  codeKey,
  profileKey,
  type VerificationFlags,
  verificationKey,
} from '../../lambdas/data/charities';
import { donationKey } from '../../lambdas/data/donations';
import { rateCounterKey } from '../../lambdas/data/rate-limits';
import { whenCondition } from '../../lambdas/data/table';
import { uploadKey } from '../../lambdas/data/uploads';
import { type VerificationBudget, verificationBudgetKey } from '../../lambdas/data/verification-budget';
import { testTable } from './table';

/**
 * The one raw writer of the tests (the wall in `lambdas/walls.test.ts` allows no other): items in states no data
 * module writes, planted on purpose. A server that reads the real clock is moved through time by moving its
 * stored times back; a hostile or legacy state is set field by field. Every other fixture is written through
 * the data modules (`lambdas/data/*`) or the API. Each function says what it fakes.
 */

/** Sets fields of one item (`SET`, or `REMOVE` for the names in `remove`); nothing else of it changes. */
async function setFields(
  Key: Record<string, unknown>,
  fields: Record<string, unknown>,
  remove: readonly string[] = [],
): Promise<void> {
  const table = testTable();
  const names = Object.keys(fields);
  const set = names.map((_, i) => `#f${i} = :v${i}`);
  const removed = remove.map((_, i) => `#r${i}`);
  await table.doc.send(
    new UpdateCommand({
      TableName: table.name,
      Key,
      UpdateExpression: [
        set.length ? `SET ${set.join(', ')}` : '',
        removed.length ? `REMOVE ${removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ExpressionAttributeNames: Object.fromEntries([
        ...names.map((n, i) => [`#f${i}`, n]),
        ...remove.map((n, i) => [`#r${i}`, n]),
      ]),
      ...(names.length
        ? { ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])) }
        : {}),
    }),
  );
}

/**
 * Lets a charity's next code attempt or resend through the per-account throttles (5 s between guesses, the resend
 * waits), as if the wait had passed: sets `last_attempt_at` or `last_sent_at` (epoch ms) of its `CODE` to `to`.
 */
export const rewindCode = (
  userId: string,
  field: 'last_attempt_at' | 'last_sent_at' = 'last_attempt_at',
  to = 0,
  purpose: CodePurpose = 'register',
) => setFields(codeKey(userId, purpose), { [field]: to });

/**
 * Moves a held payout change's moment of effect (`payout_change.effective_at`) to `at`, as if its 72 hours had
 * passed (or not) for a server that reads the real clock.
 */
export async function movePayoutChange(userId: string, at: Date): Promise<void> {
  const table = testTable();
  const out = await table.doc.send(
    new GetCommand({ TableName: table.name, Key: profileKey(userId), ConsistentRead: true }),
  );
  const change = out.Item?.payout_change as Record<string, unknown> | undefined;
  if (!change) throw new Error('no payout change is held');
  await setFields(profileKey(userId), { payout_change: { ...change, effective_at: at.toISOString() } });
}

/** The flags a test may force (verification, setup and page states the API reaches only through long journeys). */
export type ForcedFlags = Partial<
  Pick<
    VerificationFlags,
    | 'verified'
    | 'finished_setting_up_account'
    | 'valid_main_page'
    | 'valid_explore_page'
    | 'page_is_live'
    | 'page_is_liveable'
  >
>;

/**
 * Forces verification flags, whatever the journey that would set them (a charity unverified again, a stored
 * `page_is_liveable` the server must never trust, every requirement of going live at once).
 */
export const forceVerificationFlags = (userId: string, flags: ForcedFlags) =>
  setFields(verificationKey(userId), flags);

/**
 * Moves an account's expiry to `at`, as if it had registered long ago: `expires_at`, and the sweep's sort key
 * while the account is still listed for the sweep (unverified).
 */
export async function backdateExpiry(userId: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  const table = testTable();
  const listed = await whenCondition(
    table.doc.send(
      new UpdateCommand({
        TableName: table.name,
        Key: verificationKey(userId),
        UpdateExpression: 'SET expires_at = :p, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(GSI1PK)',
        ExpressionAttributeValues: { ':p': iso, ':sk': `${iso}#${userId}` },
      }),
    ),
  );
  if (!listed) await setFields(verificationKey(userId), { expires_at: iso });
}

/** Sets a registration number's wrong-code counts, as if that many wrong codes had been tried on it. */
export const setVerificationBudget = (
  registrationNumber: string,
  counts: Partial<Pick<VerificationBudget, 'code_failures' | 'total_failures'>>,
) => setFields(verificationBudgetKey(registrationNumber), counts);

/**
 * Adds `n` (negative: takes back) to the counter of the fixed window of `windowSeconds` holding `now`, as if that
 * many hits had come (the platform-wide count of wrong codes, say); it expires an hour after its window.
 */
export async function addToRateCounter(
  scope: string,
  key: string,
  windowSeconds: number,
  n: number,
  now = new Date(),
): Promise<void> {
  const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  const table = testTable();
  await table.doc.send(
    new UpdateCommand({
      TableName: table.name,
      Key: rateCounterKey(scope, key, start),
      UpdateExpression: 'ADD #count :n SET expiresAt = :e',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':n': n, ':e': start + windowSeconds + 3600 },
    }),
  );
}

/** Moves an issued upload's form expiry to `at`, as if the form had been issued long ago. */
export const expireUploadForm = (userId: string, key: string, at: Date) =>
  setFields(uploadKey(userId, key), { form_expires_at: Math.floor(at.getTime() / 1000) });

/** Strips the words (alt text, decorative, caption) from a stored media record, as one saved before they existed. */
export const forgetMediaWords = (key: { PK: unknown; SK: unknown }) =>
  setFields({ PK: key.PK, SK: key.SK }, {}, ['alt_text', 'decorative', 'caption']);

/**
 * Makes `accountId` the Stripe account a charity is onboarding (`stripe_onboarding_account_id`), whoever it
 * belongs to: the data module keeps only an account Stripe created for this charity, and never replaces one.
 */
export const plantOnboardingAccount = (userId: string, accountId: string) =>
  setFields(profileKey(userId), { stripe_onboarding_account_id: accountId });

/**
 * Moves a paid donation back in time (the clock cannot be): `paid_at` and its place in the charity's list
 * (`GSI1SK`, `<paid_at>#<id>`) set to `paidAt`, as if it had been paid then, and its month's figures with it
 * (`DONATION_MONTH#` markers, from the UK month it was paid in to that of `paidAt`), so the month filter offers
 * that month. The all-time totals and the supporters do not change.
 */
export async function backdateDonation(donationId: string, paidAt: string): Promise<void> {
  const { monthKey } = await import('../../lambdas/data/donation-totals');
  const { donationData } = await import('../../lambdas/data/donations');
  const { ukMonth } = await import('@shared/donations');
  const table = testTable();
  const donation = await donationData(table).get(donationId);
  if (!donation?.paid_at) throw new Error(`donation ${donationId} is not paid`);
  await setFields(donationKey(donationId), { paid_at: paidAt, GSI1SK: `${paidAt}#${donationId}` });
  const addTo = (month: string, sign: 1 | -1) =>
    table.doc.send(
      new UpdateCommand({
        TableName: table.name,
        Key: monthKey(donation.charity_user_id, month),
        UpdateExpression: 'ADD raised_pence :r, paid_count :c',
        ExpressionAttributeValues: { ':r': sign * donation.donation_pence, ':c': sign },
      }),
    );
  await addTo(ukMonth(donation.paid_at), -1);
  await addTo(ukMonth(paidAt), 1);
}

/**
 * Marks a donation as claimed by `claimId` without the claim's own change of the totals (the claims module
 * writes both): to see what a refund of a claimed donation leaves of the Gift Aid to claim.
 */
export const plantClaimId = (donationId: string, claimId: string) =>
  setFields(donationKey(donationId), { claim_id: claimId });
