import { ErrorCode } from '@shared/api/error-codes';
import type { SuccessMessageResponse, VerificationInfoResponse } from '@shared/api/schemas/charity-account';
import {
  MAX_FAILURES_PER_CODE,
  MAX_FAILURES_TOTAL,
  RESEND_THROTTLE_SECONDS,
  RESEND_WAITS_SECONDS,
  RESENDS_PER_DAY,
  RegisterEmailSuppressedMessage,
  VERIFY_ATTEMPTS_PER_SOURCE,
  VERIFY_BRAKE,
  VERIFY_THROTTLE_SECONDS,
  VerificationMessage,
} from '@shared/verification';
import type { EmailSender } from '../../adapters/email';
import {
  type CharityData,
  type CodePurpose,
  ConditionFailedError,
  type VerificationCode,
} from '../../data/charities';
import type { ExploreData } from '../../data/explore';
import type { RateCounters } from '../../data/rate-limits';
import type { SuppressionData } from '../../data/suppressions';
import type { VerificationBudgetData } from '../../data/verification-budget';
import type { Clock } from '../../lib/clock';
import {
  AppError,
  ConflictError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { codeMatches, hashCode, newVerificationCode } from '../../lib/secrets';
import { MailNotSentError } from '../mail/failures';
import { verificationCodeEmail } from './emails';
import { AccountMessage } from './messages';
import { issueNotMeLink, type NotMeLinkDeps } from './not-me-link';

export interface VerificationDeps {
  charities: Pick<
    CharityData,
    'getProfile' | 'getVerification' | 'getCode' | 'startAttempt' | 'markVerified' | 'lock' | 'replaceCode'
  >;
  budget: VerificationBudgetData;
  explore: Pick<ExploreData, 'withdraw'>;
  rates: RateCounters;
  email: EmailSender;
  suppressions: Pick<SuppressionData, 'reason'>;
  notMe: NotMeLinkDeps;
  clock: Clock;
}

/**
 * The rate counters verification keeps (scopes of `rates`): attempts per source per day and per 30 days (separate
 * scopes, as a day and a 30-day window can start at the same second), and wrong codes platform-wide per hour.
 */
export const VERIFY_RATE_SCOPE = {
  sourceDay: 'verify-ip-day',
  source30Days: 'verify-ip-30d',
  platform: 'verify-wrong',
} as const;
const PLATFORM_KEY = 'all';
/** Resend counters (per account and per number, per UTC day). */
export const RESEND_RATE_SCOPE = { account: 'resend-account', number: 'resend-number' } as const;
const HOUR = 3600;

/** The per-source limits, as counters for `rates.hitAll`. */
export const sourceAttemptHits = (source: string) => [
  {
    scope: VERIFY_RATE_SCOPE.sourceDay,
    key: source,
    rule: { window: 'day' as const, limit: VERIFY_ATTEMPTS_PER_SOURCE.perDay },
  },
  {
    scope: VERIFY_RATE_SCOPE.source30Days,
    key: source,
    rule: { window: 30 * 86_400, limit: VERIFY_ATTEMPTS_PER_SOURCE.per30Days },
  },
];

/** Whether the platform-wide brake is on: wrong codes reached the threshold in this clock hour or the last. */
async function brakeOn(rates: Pick<RateCounters, 'read'>, now: Date): Promise<boolean> {
  const counts = await Promise.all([
    rates.read(VERIFY_RATE_SCOPE.platform, PLATFORM_KEY, HOUR, now),
    rates.read(VERIFY_RATE_SCOPE.platform, PLATFORM_KEY, HOUR, new Date(now.getTime() - HOUR * 1000)),
  ]);
  return Math.max(...counts) >= VERIFY_BRAKE.wrongCodesPerHour;
}

const lockedError = () =>
  new AppError({ statusCode: 423, code: ErrorCode.VerificationLocked, message: VerificationMessage.Locked });

/**
 * Where and when the current code went, when the unverified account expires, and how many seconds remain
 * before a resend is taken (by the server's clock, so the page's countdown starts from the truth).
 */
export async function getVerificationInfo(
  deps: Pick<VerificationDeps, 'charities' | 'clock' | 'suppressions'>,
  userId: string,
): Promise<VerificationInfoResponse> {
  const [flags, code, profile] = await Promise.all([
    deps.charities.getVerification(userId),
    deps.charities.getCode(userId),
    deps.charities.getProfile(userId),
  ]);
  if (!flags) throw new NotFoundError(AccountMessage.NotFound);
  const now = deps.clock.now();
  const registerEmail = profile?.register_email;
  return {
    email_sent_to: code?.email_sent_to ?? null,
    created_at: code?.created_at ?? null,
    expires_at: flags.expires_at,
    resend_wait_seconds: code ? resendSecondsLeft(code, now.getTime()) : 0,
    register_email_suppressed:
      registerEmail && !flags.verified ? await deps.suppressions.reason(registerEmail, now) : null,
  };
}

/** 422 EMAIL_SUPPRESSED in the words of the verification page: what happened and how to reach support. */
const suppressedError = (reason: keyof typeof RegisterEmailSuppressedMessage) =>
  new AppError({
    statusCode: 422,
    code: ErrorCode.EmailSuppressed,
    message: RegisterEmailSuppressedMessage[reason],
  });

/** Whole seconds until the next resend of this code is taken (0: now). */
function resendSecondsLeft(code: { sends?: number; last_sent_at?: number }, nowMs: number): number {
  const readyAt = (code.last_sent_at ?? 0) + resendWaitSeconds(code.sends ?? 1) * 1000;
  return Math.max(0, Math.ceil((readyAt - nowMs) / 1000));
}

/**
 * Checks a code: at most one try per 5 s (server-side), codes expire with the account after 7 days, and a
 * code is accepted once. Wrong codes count against the registration number (its guess budget), not the
 * account: the current code is void after 10, and the number locks after 50 in all, whatever account tries.
 * Every guess also counts against its source (20 a day, 200 per 30 days, across all numbers), and while wrong
 * codes across the platform are above the brake's threshold every account may try only once a minute.
 */
export async function verifyCharityCode(
  deps: VerificationDeps,
  userId: string,
  code: string,
  ctx: { sourceIp: string | undefined },
): Promise<SuccessMessageResponse> {
  const [flags, profile] = await Promise.all([
    deps.charities.getVerification(userId),
    deps.charities.getProfile(userId),
  ]);
  if (!flags || !profile) throw new NotFoundError(AccountMessage.NotFound);
  if (flags.verified)
    throw new ConflictError(VerificationMessage.AlreadyVerified, { code: ErrorCode.AlreadyVerified });
  if (flags.locked) throw lockedError();
  if (flags.needs_manual_verification)
    throw new ValidationError(VerificationMessage.NoRegisterEmail, undefined, ErrorCode.NoRegisterEmail);
  const number = profile.registration_number;
  const stored = await checkRegisterCode(deps, {
    userId,
    number,
    code,
    sourceIp: ctx.sourceIp,
    purpose: 'register',
    words: VETTING_WORDS,
  });
  if (await deps.charities.markVerified(userId, number, stored.code_hash))
    return { success: true, message: VerificationMessage.Verified };
  // Lost a race with a parallel call using the same code (accepted once), or locked meanwhile.
  throw new ValidationError(VerificationMessage.Invalid, undefined, ErrorCode.CodeUsed);
}

/** The words of a code check's refusals, by purpose (vetting keeps the spec's; a payout code has its own). */
export interface CodeWords {
  field: string;
  invalid: string;
  expired: string;
  void: string;
}
const VETTING_WORDS: CodeWords = {
  field: 'verificationCode',
  invalid: VerificationMessage.Invalid,
  expired: VerificationMessage.Expired,
  void: VerificationMessage.CodeVoid,
};

/**
 * The one check of a code mailed to the register's email, whatever it proves (vetting, or a payout change):
 * at most one try per 5 s (server-side, per code), the code's expiry, and the guess budgets. Wrong codes count
 * against the registration number (its budget, not the account's): the current code is void after 10, and the
 * number locks after 50 in all, whatever account or purpose tries. Every guess also counts against its source
 * (20 a day, 200 per 30 days, across all numbers), and while wrong codes across the platform are above the
 * brake's threshold every account may try only once a minute. Answers the stored code when it matches (the
 * caller accepts it once, conditionally on its hash); throws otherwise.
 */
export async function checkRegisterCode(
  deps: Pick<VerificationDeps, 'charities' | 'budget' | 'explore' | 'rates' | 'clock'>,
  input: {
    userId: string;
    number: string;
    code: string;
    sourceIp: string | undefined;
    purpose: CodePurpose;
    words: CodeWords;
  },
): Promise<VerificationCode> {
  const { userId, number, words } = input;
  const budget = await deps.budget.get(number);
  if (budget.locked) {
    await deps.charities.lock(userId, number, budget.total_failures);
    recordMetric('Lockouts');
    throw lockedError();
  }

  const now = deps.clock.now();
  const braked = await brakeOn(deps.rates, now);
  const throttleSeconds = braked ? VERIFY_BRAKE.throttleSeconds : VERIFY_THROTTLE_SECONDS;
  let stored: Awaited<ReturnType<CharityData['startAttempt']>>;
  try {
    stored = await deps.charities.startAttempt(userId, now.getTime(), throttleSeconds * 1000, input.purpose);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    // Either too soon after the last try, or there is no code (it was used or voided).
    const current = await deps.charities.getCode(userId, input.purpose);
    if (!current?.code_hash) throw new ValidationError(words.void, undefined, ErrorCode.CodeVoid);
    const left = Math.ceil((current.last_attempt_at + throttleSeconds * 1000 - now.getTime()) / 1000);
    throw new RateLimitError(braked ? VerificationMessage.Braked : VerificationMessage.WaitBeforeRetry, {
      rateLimitType: 'other',
      waitTime: Math.min(throttleSeconds, Math.max(1, left)),
    });
  }
  // An accepted payout code keeps its item (the proof) without a hash: it cannot be accepted again.
  if (!stored.code_hash) throw new ValidationError(words.void, undefined, ErrorCode.CodeVoid);
  if (budget.code_failures >= MAX_FAILURES_PER_CODE)
    throw new ValidationError(words.void, undefined, ErrorCode.CodeVoid);
  if (new Date(stored.expires_at).getTime() <= now.getTime())
    throw new ValidationError(words.expired, undefined, ErrorCode.CodeExpired);
  // The source's guess budget, across every number: counted before the code is compared (conditional writes),
  // so parallel guesses from one source can never exceed it.
  const bySource = await deps.rates.hitAll(sourceAttemptHits(input.sourceIp ?? 'unknown'), now);
  if (!bySource.allowed)
    throw new RateLimitError(VerificationMessage.TooManyFromSource, {
      rateLimitType: 'other',
      waitTime: bySource.retryAfterSeconds,
    });

  if (await codeMatches(input.code, stored.code_hash)) return stored;
  const counts = await deps.budget.recordFailure(number, MAX_FAILURES_TOTAL, now);
  // Platform-wide wrong codes: the brake's count (the metric is what the alarm watches).
  await deps.rates.count(VERIFY_RATE_SCOPE.platform, PLATFORM_KEY, HOUR, now);
  recordMetric('VerificationFailures');
  if (counts.locked) {
    await deps.charities.lock(userId, number, counts.total_failures);
    recordMetric('Lockouts');
    await deps.explore.withdraw(userId, now);
    throw lockedError();
  }
  if (counts.code_failures >= MAX_FAILURES_PER_CODE)
    throw new ValidationError(words.void, undefined, ErrorCode.CodeVoid);
  throw new ValidationError(words.invalid, words.field, ErrorCode.CodeInvalid);
}

/** The wait before the n-th resend of an account (1-based): 30 s, then growing. */
export function resendWaitSeconds(sendsSoFar: number): number {
  return RESEND_WAITS_SECONDS[Math.min(Math.max(sendsSoFar - 1, 0), RESEND_WAITS_SECONDS.length - 1)] ?? 30;
}

const waitText = (seconds: number) =>
  seconds <= RESEND_THROTTLE_SECONDS
    ? VerificationMessage.WaitBeforeResend
    : VerificationMessage.WaitLongerBeforeResend(Math.ceil(seconds / 60));

/**
 * Mails a new code to the register's email; the account's expiry does not move. Waits grow with each resend
 * (30 s, 1, 2, 5, 15 minutes), and resends are capped per account and per registration number per day, so the
 * register's inbox cannot be flooded.
 */
export async function resendVerificationCode(
  deps: VerificationDeps,
  userId: string,
  signInEmail: string,
): Promise<SuccessMessageResponse> {
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!profile || !flags) throw new NotFoundError(AccountMessage.NotFound);
  if (flags.verified)
    throw new ConflictError(VerificationMessage.AlreadyVerified, { code: ErrorCode.AlreadyVerified });
  if (flags.locked) throw lockedError();
  if (!profile.register_email)
    throw new ValidationError(VerificationMessage.NoRegisterEmail, undefined, ErrorCode.NoRegisterEmail);
  const now = deps.clock.now();
  if (new Date(flags.expires_at).getTime() <= now.getTime())
    throw new ValidationError(VerificationMessage.Expired, undefined, ErrorCode.CodeExpired);
  // Before any wait or cap is spent: a code that cannot be delivered helps nobody.
  const code = await issueRegisterCode(deps, {
    userId,
    number: profile.registration_number,
    registerEmail: profile.register_email,
    expiresAt: flags.expires_at,
    purpose: 'register',
    now,
  });
  const notMeLink = await issueNotMeLink(deps.notMe, {
    userId,
    registrationNumber: profile.registration_number,
    charityName: profile.charity_name,
    expiresAt: flags.expires_at,
  });
  await deps.email
    .send(
      verificationCodeEmail({
        to: profile.register_email,
        code,
        charityName: profile.charity_name,
        signInEmail: profile.email || signInEmail,
        expiresAt: flags.expires_at,
        notMeLink,
      }),
    )
    .catch((error: unknown) => {
      // SES refused it (counted by the send path): a 503 in the spec's words, so the charity tries again.
      if (error instanceof MailNotSentError)
        throw new ServiceUnavailableError(VerificationMessage.ResendFailed, error);
      throw error;
    });
  recordMetric('CodesSent');
  return { success: true, message: VerificationMessage.Resent };
}

/**
 * The one way a code to the register's email is made, whatever it will prove: refused while the address is
 * suppressed (a code that cannot arrive helps nobody), after a wait that grows with each send of the purpose's
 * code (30 s, 1, 2, 5, 15 minutes), and at 5 a day per account and per registration number (all purposes
 * together, so the register's inbox cannot be flooded). Stores its scrypt hash and starts the number's per-code
 * failure count again; answers the code, for the caller to mail.
 */
export async function issueRegisterCode(
  deps: Pick<VerificationDeps, 'charities' | 'budget' | 'rates' | 'suppressions'>,
  input: {
    userId: string;
    number: string;
    registerEmail: string;
    expiresAt: string;
    purpose: CodePurpose;
    now: Date;
  },
): Promise<string> {
  const { userId, now } = input;
  const suppressed = await deps.suppressions.reason(input.registerEmail, now);
  if (suppressed) throw suppressedError(suppressed);
  const found = await deps.charities.getCode(userId, input.purpose);
  // A payout code's sends count while its last code lives: a new code an hour later waits 30 s again.
  const current =
    found && (input.purpose === 'register' || new Date(found.expires_at).getTime() > now.getTime())
      ? found
      : undefined;
  const sends = current?.sends ?? (input.purpose === 'register' ? 1 : 0);
  const wait = resendWaitSeconds(sends);
  if (current?.last_sent_at && current.last_sent_at > now.getTime() - wait * 1000) {
    // The message names the whole wait (the spec's words); waitTime is what is left of it.
    const left = resendSecondsLeft(current, now.getTime());
    throw new RateLimitError(waitText(wait), { rateLimitType: 'other', waitTime: Math.max(1, left) });
  }
  for (const [scope, key] of [
    [RESEND_RATE_SCOPE.account, userId],
    [RESEND_RATE_SCOPE.number, input.number],
  ] as const) {
    const allowed = await deps.rates.hit(scope, key, { window: 'day', limit: RESENDS_PER_DAY }, now);
    if (!allowed.allowed)
      throw new RateLimitError(VerificationMessage.ResendDailyCap, {
        rateLimitType: 'other',
        waitTime: allowed.retryAfterSeconds,
      });
  }
  const code = newVerificationCode();
  try {
    await deps.charities.replaceCode(
      userId,
      {
        code_hash: await hashCode(code),
        email_sent_to: input.registerEmail,
        created_at: now.toISOString(),
        expires_at: input.expiresAt,
        failures: 0,
        last_attempt_at: 0,
        last_sent_at: now.getTime(),
        sends: sends + 1,
      },
      wait * 1000,
      input.purpose,
    );
  } catch (error) {
    if (error instanceof ConditionFailedError) {
      throw new RateLimitError(waitText(wait), { rateLimitType: 'other', waitTime: wait });
    }
    throw error;
  }
  await deps.budget.startNewCode(input.number, now);
  return code;
}
