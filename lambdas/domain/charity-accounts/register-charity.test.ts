import type { CharityDetail } from '@shared/api/schemas/register';
import { brand } from '@shared/brand';
import { CODE_VALID_DAYS } from '@shared/verification';
import type { EmailMessage } from '../../adapters/email';
import type { RegisterPort } from '../../adapters/register/port';
import type { CharityProfile, VerificationFlags } from '../../data/charities';
import type { RateLimits } from '../../data/rate-limits';
import { captureMetrics } from '../../lib/metrics';
import { countingFailures } from '../mail/failures';
import { RegistrationMessage } from './messages';
import { REGISTRATION_RATE_SCOPE, type RegisterCharityDeps, registerCharity } from './register-charity';

/**
 * Registration races with a fake charities port and a fake clock: one account per number under parallel
 * attempts, the loser creating no user, a failed account write undoing the user and the hold, and the 7-day
 * expiry of an unverified account. (The same rules run against DynamoDB Local in test/integration.)
 */
const NOW = Date.parse('2026-11-24T10:00:00Z');
const NUMBER = '1123456';
/** A password the fake breached list holds. */
const BREACHED = 'Breached-Horse-42!';

function world(opts: { failAccountWrite?: boolean; spentScopes?: string[] } = {}) {
  const holds = new Map<string, string>();
  const finalised = new Map<string, string>();
  const accounts: { profile: CharityProfile; verification: VerificationFlags }[] = [];
  const users = new Map<string, string>();
  const deletedUsers: string[] = [];
  const mail: EmailMessage[] = [];
  let nextUser = 0;
  // Every port call yields, so parallel attempts interleave as they would against the table.
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  const charities: RegisterCharityDeps['charities'] = {
    async marker(n: string) {
      await tick();
      const userId = finalised.get(n);
      if (userId) return { userId };
      return holds.has(n) ? { pending: holds.get(n) } : undefined;
    },
    async reserveNumber(n: string, requestId: string) {
      await tick();
      if (holds.has(n) || finalised.has(n)) return false;
      holds.set(n, requestId);
      return true;
    },
    async releaseNumber(n: string, requestId: string) {
      await tick();
      if (holds.get(n) === requestId) holds.delete(n);
    },
    async createAccount(input: {
      requestId: string;
      profile: CharityProfile;
      verification: VerificationFlags;
    }) {
      await tick();
      const n = input.profile.registration_number;
      if (opts.failAccountWrite || holds.get(n) !== input.requestId) throw new Error('transaction cancelled');
      holds.delete(n);
      finalised.set(n, input.profile.id);
      accounts.push({ profile: input.profile, verification: input.verification });
    },
  };

  const identity: RegisterCharityDeps['identity'] = {
    async findUser(email: string) {
      const userId = users.get(email);
      return userId ? { userId, email, userType: 'charity' } : null;
    },
    async createUser(email: string) {
      await tick();
      const id = `user-${++nextUser}`;
      users.set(email, id);
      return id;
    },
    async deleteUser(email: string) {
      users.delete(email);
      deletedUsers.push(email);
    },
  };

  const register: RegisterPort = {
    getDetails: async (n: string) =>
      n === NUMBER
        ? ({
            name: 'Brambleford Community Larder',
            isActive: true,
            email: 'Hello@Brambleford.example.org',
          } as CharityDetail)
        : null,
  } as RegisterPort;

  const rates: RateLimits = {
    hit: async (scope) =>
      opts.spentScopes?.includes(scope)
        ? { allowed: false, retryAfterSeconds: 29 * 86_400 }
        : { allowed: true, retryAfterSeconds: 0 },
  };
  const deps: RegisterCharityDeps = {
    register,
    charities,
    identity,
    email: { send: async (m: EmailMessage) => void mail.push(m) },
    rates,
    budget: { get: async () => ({ code_failures: 0, total_failures: 0, locked: false }) },
    notMe: { tokens: { put: async () => undefined }, siteUrl: 'https://kindred.example' },
    clock: { now: () => new Date(NOW) },
    logger: { warn: () => undefined, info: () => undefined },
    breached: async (password) => password === BREACHED,
  };
  return { deps, holds, finalised, accounts, users, deletedUsers, mail };
}

const attempt = (deps: RegisterCharityDeps, email: string) =>
  registerCharity(
    deps,
    { email, password: 'Correct-Horse-42!', charityRegistrationNumber: NUMBER } as Parameters<
      typeof registerCharity
    >[1],
    { sourceIp: '203.0.113.9' },
  ).then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  );

describe('registerCharity with fake ports', () => {
  it('lets exactly one of several parallel registrations of a number through; the others make no user', async () => {
    const w = world();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => attempt(w.deps, `trustee${i}@example.org`)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'CHARITY_ALREADY_REGISTERED')).toHaveLength(5);
    expect(w.accounts).toHaveLength(1);
    expect(w.users.size).toBe(1);
    expect(w.holds.size).toBe(0);
    expect(w.mail).toHaveLength(1);
    // A later attempt sees the finalised marker.
    expect(await attempt(w.deps, 'late@example.org')).toBe('CHARITY_ALREADY_REGISTERED');
  });

  it('refuses a breached password before any hold, user or mail', async () => {
    const w = world();
    const error = await registerCharity(
      w.deps,
      { email: 'owner@example.org', password: BREACHED, charityRegistrationNumber: NUMBER },
      { sourceIp: '203.0.113.9' },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'PASSWORD_BREACHED', field: 'password' });
    expect(w.users.size).toBe(0);
    expect(w.holds.size).toBe(0);
    expect(w.mail).toEqual([]);
  });

  it('undoes the user and frees the number when the account write fails', async () => {
    const w = world({ failAccountWrite: true });
    expect(await attempt(w.deps, 'first@example.org')).toMatch(/transaction cancelled/);
    expect(w.deletedUsers).toEqual(['first@example.org']);
    expect(w.holds.size).toBe(0);
    expect(w.finalised.size).toBe(0);
  });

  it('writes an unverified account that expires 7 days after registration, by the clock given', async () => {
    const w = world();
    expect(await attempt(w.deps, 'owner@example.org')).toBe('ok');
    const [account] = w.accounts;
    expect(account?.verification).toMatchObject({ verified: false, locked: false });
    expect(Date.parse(account?.verification.expires_at ?? '')).toBe(NOW + CODE_VALID_DAYS * 86_400_000);
    expect(CODE_VALID_DAYS).toBe(7);
    expect(account?.profile.register_email).toBe('hello@brambleford.example.org');
  });

  it('answers a number registered 3 times in 30 days with its own code and a message naming support and the 30 days', async () => {
    const w = world({ spentScopes: [REGISTRATION_RATE_SCOPE.number] });
    const error = await registerCharity(
      w.deps,
      { email: 'fourth@example.org', password: 'Correct-Horse-42!', charityRegistrationNumber: NUMBER },
      { sourceIp: '203.0.113.9' },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 429,
      code: 'REGISTRATION_CAP_REACHED',
      flags: { isRateLimit: true, rateLimitType: 'other', waitTime: 29 * 86_400 },
    });
    const { message } = error as Error;
    expect(message).toContain(brand.supportEmail);
    expect(message).toContain('up to 30 days');
    expect(message).not.toMatch(/in an hour/);
    // Nothing held, no user made, no code sent.
    expect(w.holds.size).toBe(0);
    expect(w.users.size).toBe(0);
    expect(w.mail).toHaveLength(0);
  });

  it('keeps the hourly per-address limit as a plain RATE_LIMITED "in an hour"', async () => {
    const w = world({ spentScopes: [REGISTRATION_RATE_SCOPE.address] });
    const error = await registerCharity(
      w.deps,
      { email: 'busy@example.org', password: 'Correct-Horse-42!', charityRegistrationNumber: NUMBER },
      { sourceIp: '203.0.113.9' },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many registration attempts. Please try again in an hour.',
    });
  });

  it('caps new registrations per address per day at 30, "try again tomorrow", on top of the hourly limit', async () => {
    const w = world({ spentScopes: [REGISTRATION_RATE_SCOPE.addressDay] });
    const error = await registerCharity(
      w.deps,
      { email: 'daily@example.org', password: 'Correct-Horse-42!', charityRegistrationNumber: NUMBER },
      { sourceIp: '203.0.113.9' },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many registration attempts. Please try again tomorrow.',
      flags: { isRateLimit: true, rateLimitType: 'other' },
    });
    expect(w.holds.size).toBe(0);
    expect(w.users.size).toBe(0);
    expect(w.mail).toHaveLength(0);
  });

  it('tells the charity when the code mail fails (counted as MailFailures), and keeps the account', async () => {
    const captured = captureMetrics();
    try {
      const w = world();
      const sesRefuses = countingFailures({
        send: async () => {
          throw new Error('MessageRejected: Email address is not verified.');
        },
      });
      const deps = { ...w.deps, email: { send: async (m: EmailMessage) => void (await sesRefuses.send(m)) } };
      const answer = await registerCharity(
        deps,
        {
          email: 'a@example.org',
          password: 'Correct-Horse-42!',
          charityRegistrationNumber: NUMBER,
        } as Parameters<typeof registerCharity>[1],
        { sourceIp: '203.0.113.9' },
      );
      expect(answer).toEqual({ success: true, message: RegistrationMessage.SuccessCodeNotSent });
      expect(w.users.size).toBe(1);
      const names = captured.records.map((r) => r.name);
      expect(names).toContain('MailFailures');
      expect(names).not.toContain('CodesSent');
    } finally {
      captured.restore();
    }
  });
});
