import { VerificationMessage } from '@shared/verification';
import { fakeClock } from '../../../test/support/fakes';
import type { EmailMessage } from '../../adapters/email';
import {
  type CharityProfile,
  ConditionFailedError,
  newVerificationFlags,
  type VerificationCode,
  type VerificationFlags,
} from '../../data/charities';
import type { RateCounters, RateWindow } from '../../data/rate-limits';
import type { VerificationBudget, VerificationBudgetData } from '../../data/verification-budget';
import { captureMetrics } from '../../lib/metrics';
import { hashCode } from '../../lib/secrets';
import { countingFailures } from '../mail/failures';
import {
  resendVerificationCode,
  resendWaitSeconds,
  type VerificationDeps,
  verifyCharityCode,
} from './verification';

/**
 * The verification rules with in-memory fakes of the data modules and a fake clock: throttles, the per-number
 * guess budget, the lock, expiry and the resend waits and caps, without waiting in real time. (The same rules
 * run against DynamoDB Local in test/integration/charity-accounts and hostile.)
 */
const DAY = 86_400_000;
/** The hash of `123456`, made once (scrypt is slow on purpose). */
const knownHash = hashCode('123456');

function world() {
  const clock = fakeClock('2026-11-24T10:00:00Z');
  const advance = clock.advanceBy;
  /** The fake clock's time, epoch ms. */
  const nowMs = () => clock.now().getTime();
  const profiles = new Map<string, CharityProfile>();
  const flags = new Map<string, VerificationFlags>();
  const codes = new Map<string, VerificationCode>();
  const budgets = new Map<string, VerificationBudget>();
  const rateCounts = new Map<string, number>();
  const mail: EmailMessage[] = [];
  const withdrawn: string[] = [];

  const charities: VerificationDeps['charities'] = {
    getProfile: async (id: string) => profiles.get(id),
    getVerification: async (id: string) => flags.get(id),
    getCode: async (id: string) => codes.get(id),
    async startAttempt(id: string, nowMs: number, throttleMs: number) {
      const code = codes.get(id);
      if (!code || code.last_attempt_at > nowMs - throttleMs) throw new ConditionFailedError('throttled');
      code.last_attempt_at = nowMs;
      return { ...code };
    },
    async markVerified(id: string, _number: string, hash: string) {
      const f = flags.get(id);
      if (codes.get(id)?.code_hash !== hash || !f || f.verified || f.locked) return false;
      codes.delete(id);
      f.verified = true;
      return true;
    },
    async lock(id: string, _number: string, total: number) {
      const f = flags.get(id);
      if (f) Object.assign(f, { locked: true, total_failures: total });
    },
    async replaceCode(id: string, code: VerificationCode, throttleMs: number) {
      const old = codes.get(id);
      if (old && old.last_sent_at > code.last_sent_at - throttleMs) throw new ConditionFailedError('resend');
      codes.set(id, code);
    },
  };

  const budget: VerificationBudgetData = {
    get: async (n) => ({ ...(budgets.get(n) ?? { code_failures: 0, total_failures: 0, locked: false }) }),
    async recordFailure(n, lockAt) {
      const b = budgets.get(n) ?? { code_failures: 0, total_failures: 0, locked: false };
      b.code_failures++;
      b.total_failures++;
      if (b.total_failures >= lockAt) b.locked = true;
      budgets.set(n, b);
      return { ...b };
    },
    async clear(n) {
      budgets.delete(n);
    },
    async startNewCode(n) {
      const b = budgets.get(n) ?? { code_failures: 0, total_failures: 0, locked: false };
      budgets.set(n, { ...b, code_failures: 0 });
    },
  };

  /** Fixed windows as the data module keeps them: a counter per scope, key and window start. */
  const windowId = (scope: string, key: string, window: RateWindow['window'], at: number) => {
    const length = window === 'day' ? DAY : window * 1000;
    return `${scope}#${key}#${length}#${Math.floor(at / length)}`;
  };
  const rates: RateCounters = {
    async hit(scope, key, rule) {
      return rates.hitAll([{ scope, key, rule }], clock.now());
    },
    async hitAll(hits) {
      const ids = hits.map((h) => windowId(h.scope, h.key, h.rule.window, nowMs()));
      if (hits.some((h, i) => (rateCounts.get(ids[i] as string) ?? 0) >= h.rule.limit))
        return { allowed: false, retryAfterSeconds: 3600 };
      for (const id of ids) rateCounts.set(id, (rateCounts.get(id) ?? 0) + 1);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async count(scope, key, window) {
      const id = windowId(scope, key, window, nowMs());
      rateCounts.set(id, (rateCounts.get(id) ?? 0) + 1);
      return rateCounts.get(id) as number;
    },
    read: async (scope, key, window, at) => rateCounts.get(windowId(scope, key, window, at.getTime())) ?? 0,
    async clear(scope, key, window, at) {
      rateCounts.delete(windowId(scope, key, window, at.getTime()));
    },
  };

  const deps = {
    charities,
    budget,
    explore: { withdraw: async (id: string) => void withdrawn.push(id) },
    rates,
    email: { send: async (m: EmailMessage) => void mail.push(m) },
    suppressions: { reason: async () => null },
    notMe: { tokens: { put: async () => undefined }, siteUrl: 'https://kindred.example' },
    clock,
  };

  /** An unverified account of `number` with a fresh code `123456`, as registration leaves it. */
  async function account(id: string, number: string) {
    profiles.set(id, {
      id,
      charity_name: 'Brambleford Community Larder',
      display_name: null,
      email: `${id}@example.org`,
      registration_number: number,
      created_at: clock.now().toISOString(),
      profile_image_name: null,
      live_page_id: null,
      stripe_account_id: null,
      register_email: 'hello@brambleford.example.org',
    });
    flags.set(id, newVerificationFlags(new Date(nowMs() + 7 * DAY).toISOString()));
    codes.set(id, {
      code_hash: await knownHash,
      email_sent_to: 'hello@brambleford.example.org',
      created_at: clock.now().toISOString(),
      expires_at: new Date(nowMs() + 7 * DAY).toISOString(),
      failures: 0,
      last_attempt_at: 0,
      last_sent_at: nowMs(),
      sends: 1,
    });
  }

  /** A guess 5 seconds after the last one (the server's throttle). */
  const guess = async (id: string, code: string, sourceIp = '203.0.113.7') => {
    advance(5_000);
    return verifyCharityCode(deps, id, code, { sourceIp }).then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );
  };
  const resend = async (id: string) =>
    resendVerificationCode(deps, id, '').then(
      () => 'sent',
      (error: { code?: string; message?: string }) => error.message,
    );

  return { deps, advance, account, guess, resend, flags, budgets, codes, mail, withdrawn, rateCounts };
}

describe('verification with a fake clock', () => {
  it('throttles guesses to one per 5 seconds, then accepts the right code once', async () => {
    const w = world();
    await w.account('a', '5100000');
    expect(await w.guess('a', '000000')).toBe('CODE_INVALID');
    w.advance(4_000); // 4 s after the last try
    await expect(verifyCharityCode(w.deps, 'a', '123456', { sourceIp: '203.0.113.7' })).rejects.toMatchObject(
      {
        statusCode: 429,
      },
    );
    expect(await w.guess('a', '123456')).toBe('ok');
    expect(w.flags.get('a')?.verified).toBe(true);
  });

  it('voids the code after 10 wrong guesses; only a resend gives a new budget', async () => {
    const w = world();
    await w.account('a', '5100000');
    for (let i = 1; i <= 9; i++) expect(await w.guess('a', '000000')).toBe('CODE_INVALID');
    expect(await w.guess('a', '000000')).toBe('CODE_VOID');
    expect(await w.guess('a', '123456')).toBe('CODE_VOID');
    w.advance(30_000);
    expect(await w.resend('a')).toBe('sent');
    const code = /code is: (\d{6})/.exec(w.mail.at(-1)?.text ?? '')?.[1] as string;
    expect(await w.guess('a', code)).toBe('ok');
  });

  it('keeps the budget with the number when the account is replaced', async () => {
    const w = world();
    await w.account('attacker-1', '5100182');
    for (let i = 1; i <= 10; i++) await w.guess('attacker-1', '000000');
    await w.account('attacker-2', '5100182');
    expect(await w.guess('attacker-2', '123456')).toBe('CODE_VOID');
    expect(w.budgets.get('5100182')).toMatchObject({ code_failures: 10, total_failures: 10 });
  });

  it('locks the number at 50 wrong guesses in all and takes the explore page out of the listing', async () => {
    const w = world();
    await w.account('a', '5100182');
    w.budgets.set('5100182', { code_failures: 0, total_failures: 49, locked: false });
    expect(await w.guess('a', '000000')).toBe('VERIFICATION_LOCKED');
    expect(w.flags.get('a')).toMatchObject({ locked: true, total_failures: 50 });
    expect(w.withdrawn).toEqual(['a']);
    // A new account of the same number is locked at its first try, even with the right code.
    await w.account('b', '5100182');
    expect(await w.guess('b', '123456')).toBe('VERIFICATION_LOCKED');
    expect(w.flags.get('b')?.verified).toBe(false);
  });

  it('records wrong guesses, lockouts and codes sent through the metrics port', async () => {
    const captured = captureMetrics();
    try {
      const w = world();
      await w.account('a', '5100182');
      w.budgets.set('5100182', { code_failures: 0, total_failures: 48, locked: false });
      expect(await w.guess('a', '000000')).toBe('CODE_INVALID');
      w.advance(30_000);
      expect(await w.guess('a', '000000')).toBe('VERIFICATION_LOCKED');
      const names = captured.records.map((r) => r.name);
      expect(names.filter((n) => n === 'VerificationFailures')).toHaveLength(2);
      expect(names.filter((n) => n === 'Lockouts')).toHaveLength(1);
      const other = world();
      await other.account('b', '5100000');
      other.advance(30_000);
      expect(await other.resend('b')).toBe('sent');
      expect(captured.records.map((r) => r.name)).toContain('CodesSent');
    } finally {
      captured.restore();
    }
  });

  it('stops one source at 20 guesses a day and 200 per 30 days, across every number', async () => {
    const w = world();
    for (let n = 0; n < 28; n++) await w.account(`a${n}`, `51${n}`);
    const day: (string | undefined)[] = [];
    for (let n = 0; n < 21; n++) day.push(await w.guess(`a${n}`, '000000'));
    expect(day.slice(0, 20).every((r) => r === 'CODE_INVALID')).toBe(true);
    expect(day[20]).toBe('RATE_LIMITED');
    // Another source is not held back by it.
    expect(await w.guess('a21', '123456', '198.51.100.9')).toBe('ok');
    // The 30-day cap: with 195 counted earlier in the window, a fresh day allows 5 more, not 20.
    w.advance(DAY);
    for (let i = 0; i < 175; i++)
      await w.deps.rates.count('verify-ip-30d', '203.0.113.7', 30 * 86_400, new Date());
    const later: (string | undefined)[] = [];
    for (let n = 22; n < 28; n++) later.push(await w.guess(`a${n}`, '000000'));
    expect(later).toEqual([...new Array(5).fill('CODE_INVALID'), 'RATE_LIMITED']);
  });

  it('slows every account to one try a minute while platform-wide wrong codes are above the brake', async () => {
    const w = world();
    await w.account('a', '5100000');
    for (let i = 0; i < 299; i++) await w.deps.rates.count('verify-wrong', 'all', 3600, new Date());
    expect(await w.guess('a', '000000')).toBe('CODE_INVALID'); // the 300th
    w.advance(10_000);
    await expect(verifyCharityCode(w.deps, 'a', '123456', { sourceIp: '203.0.113.8' })).rejects.toMatchObject(
      {
        statusCode: 429,
        flags: { isRateLimit: true, rateLimitType: 'other' },
      },
    );
    w.advance(60_000);
    expect(await w.guess('a', '123456', '203.0.113.8')).toBe('ok');
  });

  it('refuses a code after the 7 days it lives', async () => {
    const w = world();
    await w.account('a', '5100000');
    w.advance(7 * DAY);
    expect(await w.guess('a', '123456')).toBe('CODE_EXPIRED');
  });

  it('grows the resend wait and caps resends per day', async () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(resendWaitSeconds)).toEqual([30, 60, 120, 300, 900, 900, 900]);
    const w = world();
    await w.account('a', '5100000');
    expect(await w.resend('a')).toBe('Please wait 30 seconds before requesting another code');
    for (const wait of [30, 60, 120, 300, 900]) {
      w.advance(wait * 1000 - 1000);
      expect(await w.resend('a')).toMatch(/^Please wait/);
      w.advance(1000);
      expect(await w.resend('a')).toBe('sent');
    }
    w.advance(900_000);
    expect(await w.resend('a')).toMatch(/most codes we can send in one day/);
    expect(w.mail).toHaveLength(5);
    // The next UTC day the cap starts again.
    w.advance(DAY);
    expect(await w.resend('a')).toBe('sent');
  });

  it("answers a failed resend mail with the spec's 503 message and counts it, sending nothing", async () => {
    const captured = captureMetrics();
    try {
      const w = world();
      await w.account('a', '5100000');
      w.advance(30_000);
      const refusing = countingFailures({
        send: async () => {
          throw new Error('Throttling: Maximum sending rate exceeded.');
        },
      });
      w.deps.email = { send: async (m) => void (await refusing.send(m)) };
      const error = await resendVerificationCode(w.deps, 'a', '').catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 503, message: VerificationMessage.ResendFailed });
      const names = captured.records.map((r) => r.name);
      expect(names).toContain('MailFailures');
      expect(names).not.toContain('CodesSent');
    } finally {
      captured.restore();
    }
  });
});
