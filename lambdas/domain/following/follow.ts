import { ErrorCode } from '@shared/api/error-codes';
import type {
  ConfirmFollowResponse,
  FollowCharityRequest,
  FollowCharityResponse,
  ListFollowsResponse,
  UnsubscribeResponse,
  UpdateFollowRequest,
} from '@shared/api/schemas/following';
import { FOLLOW_CONFIRM_DAYS, FOLLOW_LIMITS, FollowMessage } from '@shared/following';
import type { EmailSender } from '../../adapters/email';
import type { CharityData } from '../../data/charities';
import { addressIdOf, type FollowersData, type FollowToken } from '../../data/followers';
import type { RateCounters } from '../../data/rate-limits';
import { AppError, EmailSuppressedError, NotFoundError, RateLimitError } from '../../lib/http-errors';
import { hashToken, newResetToken } from '../../lib/secrets';
import { publiclyVisible } from '../public-pages/public-pages';
import { confirmFollowEmail } from './mails';

export interface FollowingDeps {
  followers: FollowersData;
  charities: Pick<CharityData, 'userIdByNumber' | 'getProfile' | 'getVerification'>;
  rates: Pick<RateCounters, 'hitAll' | 'hit'>;
  mail: EmailSender;
  clock: { now(): Date };
  /** `https://<site host>`: the links in the mails. */
  siteUrl: string;
  /** The stage's launch switch (`updates.open`). */
  open: boolean;
  /** A new link token (256 random bits, URL-safe). */
  newToken?: () => string;
}

const closed = () =>
  new AppError({ statusCode: 403, code: ErrorCode.UpdatesClosed, message: FollowMessage.Closed });
const linkInvalid = () =>
  new AppError({ statusCode: 400, code: ErrorCode.FollowLinkInvalid, message: FollowMessage.LinkInvalid });

function assertOpen(deps: Pick<FollowingDeps, 'open'>) {
  if (!deps.open) throw closed();
}

/** The charity behind a public page, while donors may see it (the public page's own trust rule), or 404. */
async function followableCharity(deps: Pick<FollowingDeps, 'charities'>, registrationNumber: string) {
  const notAvailable = () => new NotFoundError(FollowMessage.NotAvailable, ErrorCode.CharityNotFound);
  const userId = await deps.charities.userIdByNumber(registrationNumber);
  if (!userId) throw notAvailable();
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!publiclyVisible(profile, flags)) throw notAvailable();
  return {
    userId,
    name: profile.display_name?.trim() || profile.charity_name,
    registrationNumber: profile.registration_number,
  };
}

/**
 * Asks to follow a charity: a confirmation link mailed to the address (double opt-in), nothing else sent before
 * it is used. The answer is the same whether the address already follows, was asked for too often, or is
 * suppressed: nobody learns whether an address follows a charity (decision 20.12). Only the caller's own limits
 * (per source) answer otherwise, with a 429.
 */
export async function followCharity(
  deps: FollowingDeps,
  input: FollowCharityRequest,
  ctx: { sourceIp: string | undefined },
): Promise<FollowCharityResponse> {
  assertOpen(deps);
  const charity = await followableCharity(deps, input.registrationNumber);
  const now = deps.clock.now();
  const source = ctx.sourceIp ?? 'unknown';
  const bySource = await deps.rates.hitAll(
    [
      { scope: FOLLOW_LIMITS.sourceHour.scope, key: source, rule: FOLLOW_LIMITS.sourceHour.rule },
      { scope: FOLLOW_LIMITS.sourceDay.scope, key: source, rule: FOLLOW_LIMITS.sourceDay.rule },
    ],
    now,
  );
  if (!bySource.allowed)
    throw new RateLimitError(FollowMessage.TooMany, {
      rateLimitType: 'other',
      waitTime: bySource.retryAfterSeconds,
    });
  const answer: FollowCharityResponse = { success: true, message: FollowMessage.CheckInbox };
  // Confirmation mails per address a day, whoever asks: beyond it, the same answer and no mail.
  const byAddress = await deps.rates.hit(
    FOLLOW_LIMITS.addressDay.scope,
    addressIdOf(input.email),
    FOLLOW_LIMITS.addressDay.rule,
    now,
  );
  if (!byAddress.allowed) return answer;
  const token = (deps.newToken ?? newResetToken)();
  const requested = await deps.followers.request(
    {
      charityId: charity.userId,
      email: input.email,
      frequency: input.frequency,
      charityName: charity.name,
      registrationNumber: charity.registrationNumber,
      tokenHash: hashToken(token),
    },
    now,
    FOLLOW_CONFIRM_DAYS,
  );
  // Already following: nothing to confirm, nothing sent (the mails it gets carry the manage link).
  if (!requested) return answer;
  try {
    await deps.mail.send(
      confirmFollowEmail({
        to: input.email,
        charityName: charity.name,
        frequency: input.frequency,
        siteUrl: deps.siteUrl,
        token,
      }),
    );
  } catch (error) {
    // A suppressed address gets nothing, and the answer says nothing about it.
    if (!(error instanceof EmailSuppressedError)) throw error;
  }
  return answer;
}

/** A mailed link's token, when it is one of ours, of the kind asked for, and not expired. */
async function liveToken(
  deps: Pick<FollowingDeps, 'followers' | 'clock'>,
  token: string,
  kind: FollowToken['kind'],
): Promise<{ hash: string; record: FollowToken }> {
  const hash = hashToken(token);
  const record = await deps.followers.token(hash);
  if (!record || record.kind !== kind) throw linkInvalid();
  if (record.expiresAt <= Math.floor(deps.clock.now().getTime() / 1000)) {
    if (kind === 'confirm')
      throw new AppError({
        statusCode: 410,
        code: ErrorCode.FollowLinkExpired,
        message: FollowMessage.LinkExpired,
      });
    throw linkInvalid();
  }
  return { hash, record };
}

/** Confirms a follow by its confirmation link: once, within its days. */
export async function confirmFollow(
  deps: Pick<FollowingDeps, 'followers' | 'clock' | 'open'>,
  input: { token: string },
): Promise<ConfirmFollowResponse> {
  assertOpen(deps);
  const { hash, record } = await liveToken(deps, input.token, 'confirm');
  const used = () =>
    new AppError({ statusCode: 409, code: ErrorCode.FollowLinkUsed, message: FollowMessage.LinkUsed });
  if (record.usedAt) throw used();
  if (!(await deps.followers.confirm(hash, record, deps.clock.now()))) {
    // Used meanwhile (a second click), or the follow is gone (unsubscribed since).
    const again = await deps.followers.token(hash);
    if (again?.usedAt) throw used();
    throw linkInvalid();
  }
  return {
    success: true,
    charity_name: record.charityName,
    registration_number: record.registrationNumber,
    frequency: record.frequency ?? 'each',
  };
}

/**
 * Stops the follow a mail was sent for, by the mail's token (RFC 8058 one-click, or the page's button): no other
 * input; a second use answers the same.
 */
export async function unsubscribeFollow(
  deps: Pick<FollowingDeps, 'followers' | 'clock'>,
  input: { token: string },
): Promise<UnsubscribeResponse> {
  // Works while updates are closed too: a way out of mail never closes.
  const { record } = await liveToken(deps, input.token, 'mail');
  await deps.followers.remove(record.charityId, record.addressId, deps.clock.now());
  return {
    success: true,
    charity_name: record.charityName,
    registration_number: record.registrationNumber,
  };
}

async function followsOf(deps: Pick<FollowingDeps, 'followers'>, addressId: string) {
  const follows = await deps.followers.ofAddress(addressId);
  return follows
    .map((f) => ({
      registration_number: f.registrationNumber,
      charity_name: f.charityName,
      frequency: f.frequency,
    }))
    .sort((a, b) => a.charity_name.localeCompare(b.charity_name, 'en-GB'));
}

/** The follows of a mail's address (the manage page). */
export async function listFollows(
  deps: Pick<FollowingDeps, 'followers' | 'clock'>,
  input: { token: string },
): Promise<ListFollowsResponse> {
  const { record } = await liveToken(deps, input.token, 'mail');
  return { success: true, follows: await followsOf(deps, record.addressId) };
}

/** Changes one follow of a mail's address (its frequency), or stops it (`frequency: null`). */
export async function updateFollow(
  deps: Pick<FollowingDeps, 'followers' | 'clock' | 'charities'>,
  input: UpdateFollowRequest,
): Promise<ListFollowsResponse> {
  const { record } = await liveToken(deps, input.token, 'mail');
  const charityId = await deps.charities.userIdByNumber(input.registrationNumber);
  const notFollowing = () => new NotFoundError(FollowMessage.NotFollowing);
  if (!charityId) throw notFollowing();
  if (input.frequency === null) await deps.followers.remove(charityId, record.addressId, deps.clock.now());
  else if (!(await deps.followers.setFrequency(charityId, record.addressId, input.frequency)))
    throw notFollowing();
  return { success: true, follows: await followsOf(deps, record.addressId) };
}
