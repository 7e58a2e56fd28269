import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ErrorCode } from '@shared/api/error-body';
import { VERIFY_ATTEMPTS_PER_SOURCE, VERIFY_BRAKE, VerificationMessage } from '@shared/verification';
import { charityData } from '../../lambdas/data/charities';
import { rateCounterKey, rateLimits } from '../../lambdas/data/rate-limits';
import {
  REGISTRATION_LIMITS,
  REGISTRATION_RATE_SCOPE,
} from '../../lambdas/domain/charity-accounts/register-charity';
import { VERIFY_RATE_SCOPE } from '../../lambdas/domain/charity-accounts/verification';
import { hashCode } from '../../lambdas/lib/secrets';
import { freshAddress, post } from '../support/api';
import { createCharity, getItem, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { madeUpNumber, sampleCharity } from '../support/numbers';
import { tableClient, testTable } from '../support/table';
import { addToRateCounter, rewindCode } from '../support/tampering';

/**
 * Issue 30, item 2: the guess budget of a source (an address; IPv6 by its /64) across every number, and the
 * platform-wide brake, tried against the real local cloud. Accounts are fixtures with made-up numbers, each with
 * the code 123456, so only the source's budget can stop a guess here.
 */
jest.setTimeout(120_000);

const { env } = cloud();
const RIGHT = '123456';
const WRONG = '000000';
const codeHash = hashCode(RIGHT);

/** An unverified account whose current code is 123456, as registration leaves it. */
async function unverified(label: string): Promise<TestCharity> {
  // With a number of its own (made up, not the register's), holding its marker as registration leaves it.
  const c = await createCharity({
    label,
    flags: { verified: false },
    registrationNumber: madeUpNumber({ style: 'T' }),
  });
  await charityData(testTable()).replaceCode(
    c.userId,
    {
      code_hash: await codeHash,
      email_sent_to: `hello-${c.registrationNumber}@example.org`,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      failures: 0,
      last_attempt_at: 0,
      last_sent_at: 0,
      sends: 1,
    },
    0,
  );
  return c;
}
/** Lets the account's next guess through its own 5-second throttle. */
const rewind = (userId: string, to = 0) => rewindCode(userId, 'last_attempt_at', to);
const guess = (c: TestCharity, code: string, from: string) =>
  post('/api/verify-charity-code', { verificationCode: code }, { token: c.idToken, from });
const dayCount = async (source: string) => {
  const start = Math.floor(Date.now() / 86_400_000) * 86_400;
  const out = await tableClient().send(
    new GetCommand({
      TableName: env.TABLE_NAME,
      Key: rateCounterKey(VERIFY_RATE_SCOPE.sourceDay, source, start),
      ConsistentRead: true,
    }),
  );
  return Number(out.Item?.count ?? 0);
};

describe('one source cannot spread guesses over many numbers', () => {
  it('stops a source at 20 guesses a day across numbers, even with the right code; another source is not held back', async () => {
    const accounts = await Promise.all([0, 1, 2].map((i) => unverified(`spread-${i}`)));
    const source = freshAddress();
    const answers: string[] = [];
    // 7 wrong codes on each of 3 numbers: each number's own budget (10 per code, 50 in all) never trips.
    for (let round = 0; round < 7; round++) {
      for (const c of accounts) {
        await rewind(c.userId);
        answers.push(String((await guess(c, WRONG, source)).body.code));
      }
    }
    expect(answers.slice(0, VERIFY_ATTEMPTS_PER_SOURCE.perDay)).toEqual(
      new Array(20).fill(ErrorCode.CodeInvalid),
    );
    expect(answers[20]).toBe(ErrorCode.RateLimited);

    const [first] = accounts as [TestCharity];
    await rewind(first.userId);
    const refused = await guess(first, RIGHT, source);
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: ErrorCode.RateLimited,
        error: VerificationMessage.TooManyFromSource,
        isRateLimit: true,
        rateLimitType: 'other',
      },
    });
    // Until the end of the UTC day.
    expect(Number(refused.body.waitTime)).toBeGreaterThan(0);
    expect(Number(refused.body.waitTime)).toBeLessThanOrEqual(86_400);
    expect((await getItem(first.userId, 'VERIFICATION'))?.verified).toBe(false);
    expect(await dayCount(source)).toBe(20);

    // The charity, from its own address, is not held back by someone else's guessing.
    await rewind(first.userId);
    expect((await guess(first, RIGHT, freshAddress())).status).toBe(200);
    expect((await getItem(first.userId, 'VERIFICATION'))?.verified).toBe(true);
  });

  it('does not exceed the source limit under parallel guesses', async () => {
    const accounts = await Promise.all(Array.from({ length: 30 }, (_, i) => unverified(`parallel-${i}`)));
    const source = freshAddress();
    const answers = await Promise.all(accounts.map((c) => guess(c, WRONG, source)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === ErrorCode.CodeInvalid)).toHaveLength(VERIFY_ATTEMPTS_PER_SOURCE.perDay);
    expect(codes.filter((c) => c === ErrorCode.RateLimited)).toHaveLength(10);
    expect(await dayCount(source)).toBe(VERIFY_ATTEMPTS_PER_SOURCE.perDay);
  });
});

describe('the platform-wide brake', () => {
  it('slows every account to one try a minute while wrong codes across the platform are above the threshold', async () => {
    const c = await unverified('brake');
    const source = freshAddress();
    // One clock hour's platform counter (the brake reads this hour's and the last).
    const hour = new Date();
    const add = (n: number) => addToRateCounter(VERIFY_RATE_SCOPE.platform, 'all', 3600, n, hour);
    // Below the threshold a try 10 s after the last is taken (the usual throttle is 5 s).
    expect((await guess(c, WRONG, source)).body.code).toBe(ErrorCode.CodeInvalid);
    await rewind(c.userId, Date.now() - 10_000);
    expect((await guess(c, WRONG, source)).body.code).toBe(ErrorCode.CodeInvalid);

    await add(VERIFY_BRAKE.wrongCodesPerHour);
    try {
      await rewind(c.userId, Date.now() - 10_000);
      const slowed = await guess(c, RIGHT, source);
      expect(slowed).toMatchObject({
        status: 429,
        body: { error: VerificationMessage.Braked, isRateLimit: true, rateLimitType: 'other' },
      });
      expect(Number(slowed.body.waitTime)).toBeGreaterThan(40);
      expect(Number(slowed.body.waitTime)).toBeLessThanOrEqual(VERIFY_BRAKE.throttleSeconds);
      // A minute after its last try the account is heard again, brake or not.
      await rewind(c.userId, Date.now() - 61_000);
      expect((await guess(c, RIGHT, source)).status).toBe(200);
    } finally {
      // Other suites share this cloud and this hour.
      await add(-VERIFY_BRAKE.wrongCodesPerHour);
    }
  });
});

describe('new registrations are capped per source', () => {
  it('refuses a 31st new account from one address in a UTC day, "try again tomorrow"; the number stays free', async () => {
    // One the register holds no email for, so no code is mailed.
    const { number } = sampleCharity({ registerEmail: false });
    const source = freshAddress();
    const rates = rateLimits(testTable());
    for (let i = 0; i < REGISTRATION_LIMITS.perAddressPerDay; i++) {
      const spent = await rates.hit(
        REGISTRATION_RATE_SCOPE.addressDay,
        source,
        { window: 'day', limit: REGISTRATION_LIMITS.perAddressPerDay },
        new Date(),
      );
      expect(spent.allowed).toBe(true);
    }
    const body = {
      email: `daily-${Date.now()}@attacker.example`,
      password: 'Kindred-Charity-2026!',
      charityRegistrationNumber: number,
    };
    const refused = await post('/api/register-charity', body, { from: source });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: ErrorCode.RateLimited,
        error: 'Too many registration attempts. Please try again tomorrow.',
        isRateLimit: true,
        rateLimitType: 'other',
      },
    });
    expect(await charityData(testTable()).marker(number)).toBeUndefined();
    // The same registration from another address goes through.
    expect((await post('/api/register-charity', body, { from: freshAddress() })).status).toBe(200);
  });
});
