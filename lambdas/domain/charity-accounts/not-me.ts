import type { CheckNotMeLinkResponse, UseNotMeLinkResponse } from '@shared/api/schemas/charity-account';
import { PayoutMessage } from '@shared/payout';
import { NotMeMessage } from '@shared/verification';
import type { Identity } from '../../adapters/identity';
import type { MediaStore } from '../../adapters/media-store';
import type { CharityData } from '../../data/charities';
import type { NotMeTokenRecord, NotMeTokens } from '../../data/not-me-tokens';
import type { RateCounters } from '../../data/rate-limits';
import type { VerificationBudgetData } from '../../data/verification-budget';
import type { Clock } from '../../lib/clock';
import { ConflictError, RateLimitError, ValidationError } from '../../lib/http-errors';
import { hashToken } from '../../lib/secrets';
import { deleteCharityAccount } from './account';
import { REGISTRATION_RATE_SCOPE, REGISTRATIONS_PER_NUMBER_RULE } from './register-charity';
import { endAllSessions } from './sessions';
import { RESEND_RATE_SCOPE } from './verification';

/** Calls of the link's two routes per address per hour (a token is 256 random bits: this only bounds the load). */
export const NOT_ME_PER_ADDRESS_PER_HOUR = 20;

const invalidLink = () => new ValidationError(NotMeMessage.InvalidLink, 'token');

async function throttle(
  deps: { rates: Pick<RateCounters, 'hit'>; clock: Clock },
  sourceIp: string | undefined,
) {
  const allowed = await deps.rates.hit(
    'not-me-ip',
    sourceIp ?? 'unknown',
    { window: 3600, limit: NOT_ME_PER_ADDRESS_PER_HOUR },
    deps.clock.now(),
  );
  if (!allowed.allowed)
    throw new RateLimitError(NotMeMessage.TooMany, {
      rateLimitType: 'other',
      waitTime: allowed.retryAfterSeconds,
    });
}

/** Whose registration the link would remove (nothing changes): 400 for an unknown, used or expired link. */
export async function checkNotMeLink(
  deps: { tokens: Pick<NotMeTokens, 'find'>; rates: Pick<RateCounters, 'hit'>; clock: Clock },
  token: string,
  ctx: { sourceIp: string | undefined },
): Promise<CheckNotMeLinkResponse> {
  await throttle(deps, ctx.sourceIp);
  const record = await deps.tokens.find(hashToken(token), deps.clock.now());
  if (!record) throw invalidLink();
  return {
    success: true,
    charity_name: record.charity_name,
    registration_number: record.registration_number,
    purpose: record.purpose ?? 'registration',
  };
}

export interface RemoveByNotMeDeps {
  tokens: Pick<NotMeTokens, 'find' | 'consume'>;
  charities: CharityData;
  identity: Identity;
  media: MediaStore;
  resets: Parameters<typeof deleteCharityAccount>[0]['resets'];
  followers: Parameters<typeof deleteCharityAccount>[0]['followers'];
  budget: Pick<VerificationBudgetData, 'clear' | 'get'>;
  rates: RateCounters;
  clock: Clock;
}

/**
 * "This wasn't me": the holder of the register's email (the only inbox the link reaches) removes the unverified
 * account the code was sent for, through the account deletion path (Cognito user, media, every item, the
 * number's marker), and clears what its registrations used up of the number: the guess budget and its lock,
 * the registrations-per-number and resends-per-number counters. The charity can then register at once. The link
 * works once; a verified account is never removed by it (the team looks into that).
 */
export async function removeByNotMeLink(
  deps: RemoveByNotMeDeps,
  token: string,
  ctx: { sourceIp: string | undefined },
): Promise<UseNotMeLinkResponse> {
  await throttle(deps, ctx.sourceIp);
  const hash = hashToken(token);
  const now = deps.clock.now();
  const record = await deps.tokens.find(hash, now);
  if (!record) throw invalidLink();
  const number = record.registration_number;
  if (record.purpose === 'payout-change') return cancelPayoutChangeByLink(deps, hash, record, now);

  const profile = await deps.charities.getProfile(record.userId);
  const bound = profile?.registration_number === number ? profile : undefined;
  // Locked first, only while unverified: a verification racing this either came first (refused here) or fails.
  if (bound && !(await deps.charities.freezeUnverified(record.userId))) {
    const flags = await deps.charities.getVerification(record.userId);
    if (flags?.verified) throw new ConflictError(NotMeMessage.AlreadyVerified);
  }
  if (!(await deps.tokens.consume(hash, now))) throw invalidLink();

  // Only an unverified account is removed, and a payment account needs a vetted one: no two-step to ask for.
  if (bound) await deleteCharityAccount({ ...deps, requireTwoStep: async () => undefined }, record.userId);
  await deps.budget.clear(number);
  await deps.rates.clear(REGISTRATION_RATE_SCOPE.number, number, REGISTRATIONS_PER_NUMBER_RULE.window, now);
  await deps.rates.clear(RESEND_RATE_SCOPE.number, number, 'day', now);
  return {
    success: true,
    message: NotMeMessage.Removed(record.charity_name),
    charity_name: record.charity_name,
    registration_number: number,
  };
}

/**
 * "This wasn't me" on a held payout change (issue 41, item 9): the holder of either mailed address cancels the
 * change (its new account never takes over) and locks the account (not vetted: no giving, no payout change, until
 * the team unlocks it), ending every session so whoever asked is signed out. The link works once, until the
 * change would take effect.
 */
async function cancelPayoutChangeByLink(
  deps: RemoveByNotMeDeps,
  hash: string,
  record: NotMeTokenRecord,
  now: Date,
): Promise<UseNotMeLinkResponse> {
  if (!(await deps.tokens.consume(hash, now))) throw invalidLink();
  const profile = await deps.charities.getProfile(record.userId);
  if (profile?.registration_number !== record.registration_number) throw invalidLink();
  if (record.account_id) await deps.charities.cancelPayoutChange(record.userId, record.account_id);
  const budget = await deps.budget.get(record.registration_number);
  await deps.charities.lock(record.userId, record.registration_number, budget.total_failures);
  await endAllSessions(deps, { userId: record.userId, username: profile.email });
  return {
    success: true,
    message: PayoutMessage.ChangeCancelled,
    charity_name: record.charity_name,
    registration_number: record.registration_number,
  };
}
