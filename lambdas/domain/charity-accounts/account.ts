import { ErrorCode } from '@shared/api/error-codes';
import type {
  ChangePasswordRequest,
  CharityProfileResponse,
  SetCharityLiveResponse,
  SuccessMessageResponse,
} from '@shared/api/schemas/charity-account';
import { isLiveable } from '@shared/live-status';
import { INCOMING_PREFIX } from '@shared/media';
import { evaluatePassword, PasswordMessage } from '@shared/password';
import type { EmailSender } from '../../adapters/email';
import { type Identity, PasswordRejectedError } from '../../adapters/identity';
import type { MediaStore } from '../../adapters/media-store';
import type { CharityData } from '../../data/charities';
import type { FollowersData } from '../../data/followers';
import type { RateLimits } from '../../data/rate-limits';
import type { ResetTokens } from '../../data/reset-tokens';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from '../../lib/http-errors';
import { type BreachedCheck, refuseBreachedPassword } from '../../lib/password-screen';
import { passwordChangedEmail } from './emails';
import { AccountMessage } from './messages';
import { type EndSessionsDeps, endAllSessions } from './sessions';

/** The signed-in charity's own record and flags. */
export async function getCharityProfile(
  deps: { charities: CharityData },
  userId: string,
): Promise<CharityProfileResponse> {
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!profile || !flags) throw new NotFoundError(AccountMessage.NotFound);
  const { register_email: _private, ...charity } = profile;
  return {
    success: true,
    charity: {
      id: charity.id,
      charity_name: charity.charity_name,
      display_name: charity.display_name,
      email: charity.email,
      registration_number: charity.registration_number,
      created_at: charity.created_at,
      profile_image_name: charity.profile_image_name,
      live_page_id: charity.live_page_id,
      stripe_account_id: charity.stripe_account_id,
    },
    verification: {
      verified: flags.verified,
      finished_setting_up_account: flags.finished_setting_up_account,
      valid_main_page: flags.valid_main_page,
      valid_explore_page: flags.valid_explore_page,
      // Derived here, never trusted from storage.
      page_is_liveable: isLiveable(flags),
      page_is_live: flags.page_is_live,
      locked: flags.locked,
      needs_manual_verification: flags.needs_manual_verification,
    },
  };
}

export const LiveMessage = {
  NotLiveable:
    'Complete setup before going live: verify your charity email, finish setting up your account (description and payment details), and create valid explore and main page content.',
} as const;

/** Sets the charity's page live or offline (going live only when every requirement holds). */
export async function setCharityLive(
  deps: { charities: CharityData; clock: Clock },
  userId: string,
  live: boolean,
): Promise<SetCharityLiveResponse> {
  const profile = await deps.charities.getProfile(userId);
  if (!profile) throw new NotFoundError(AccountMessage.NotFound);
  if (!(await deps.charities.setLive(userId, profile.registration_number, live, deps.clock.now()))) {
    throw new ConflictError(LiveMessage.NotLiveable, { code: ErrorCode.NotLiveable });
  }
  return { success: true, live };
}

/**
 * Sign-out everywhere: the server revokes every refresh token (Cognito's admin global sign-out, whatever the
 * browser manages to do), then records the cut-off, so the API refuses every ID token issued before it.
 */
export async function signOutEverywhere(
  deps: EndSessionsDeps,
  auth: { userId: string; username: string },
): Promise<{ success: true }> {
  await endAllSessions(deps, auth);
  return { success: true };
}

/** Password checks per account in 15 minutes, so this route cannot be used to guess the current password. */
export const PASSWORD_CHECK_LIMIT = 5;

/**
 * Counts one check of the caller's password (password change, turning two-step sign-in off): at most
 * {@link PASSWORD_CHECK_LIMIT} per 15 minutes per account, then 429.
 */
export async function spendPasswordCheck(
  deps: { rates: Pick<RateLimits, 'hit'>; clock: Clock },
  userId: string,
): Promise<void> {
  const allowed = await deps.rates.hit(
    'password-check',
    userId,
    { window: 900, limit: PASSWORD_CHECK_LIMIT },
    deps.clock.now(),
  );
  if (!allowed.allowed)
    throw new RateLimitError(AccountMessage.TooManyPasswordChecks, {
      rateLimitType: 'other',
      waitTime: allowed.retryAfterSeconds,
    });
}

/**
 * Changes the password after checking the current one, then signs out every session (refresh tokens revoked,
 * ID tokens issued before now refused; the browser signs in again with the new password) and tells the user by
 * email (a failed mail is logged: the change has happened).
 */
export async function changeCharityPassword(
  deps: {
    identity: Identity;
    rates: RateLimits;
    clock: Clock;
    charityClientId: string;
    charities: Pick<CharityData, 'revokeTokensBefore'>;
    email: EmailSender;
    warn: (message: string, extra: Record<string, unknown>) => void;
    breached: BreachedCheck;
    resets: Pick<ResetTokens, 'voidAll'>;
    wait?: (ms: number) => Promise<void>;
  },
  auth: { userId: string; email: string },
  input: ChangePasswordRequest,
): Promise<SuccessMessageResponse> {
  if (!evaluatePassword(input.newPassword).valid)
    throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'newPassword');
  if (input.newPassword !== input.confirmPassword)
    throw new ValidationError(PasswordMessage.Mismatch, 'confirmPassword');
  await refuseBreachedPassword(deps.breached, input.newPassword, 'newPassword');
  await spendPasswordCheck(deps, auth.userId);
  if (!(await deps.identity.checkPassword(deps.charityClientId, auth.email, input.currentPassword))) {
    throw new ValidationError(AccountMessage.CurrentPasswordWrong, 'currentPassword');
  }
  try {
    await deps.identity.setPassword(auth.email, input.newPassword);
  } catch (error) {
    if (error instanceof PasswordRejectedError)
      throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'newPassword');
    throw error;
  }
  const now = deps.clock.now();
  // Reset links asked for before the change are void (the new password is what counts now).
  await deps.resets.voidAll(auth.userId, now);
  await endAllSessions(deps, { userId: auth.userId, username: auth.email });
  await deps.email.send(passwordChangedEmail({ to: auth.email, at: now.toISOString() })).catch((error) => {
    deps.warn('password changed email not sent', { error: (error as Error).name });
  });
  return { success: true, message: AccountMessage.PasswordChanged };
}

/**
 * Deletes a charity account: its profile first (every later write of the account checks it, so no save running
 * in parallel can record a file after this), then the Cognito user (no more sign-ins) and every reset link of
 * the account voided, then every media object under the charity's id (and its unsaved uploads), then every other
 * item of its partition and its registration marker. Safe to run again: the sweep's entry (`VERIFICATION`) goes last.
 */
export async function deleteCharityAccount(
  deps: {
    charities: CharityData;
    identity: Identity;
    media: MediaStore;
    /** 403 MFA_REQUIRED unless this session signed in with two-step sign-in (`domain/security/two-step.ts`). */
    requireTwoStep: () => Promise<void>;
    resets: Pick<ResetTokens, 'voidAll'>;
    /** The charity's followers (issue 44): their addresses are deleted with the account. */
    followers: Pick<FollowersData, 'forgetCharity'>;
    clock: Clock;
  },
  userId: string,
  fallbackEmail?: string,
): Promise<{ success: true }> {
  const profile = await deps.charities.getProfile(userId);
  // An account with a payment account may have received money: deleting it needs two-step sign-in too.
  if (profile?.stripe_account_id) await deps.requireTwoStep();
  const email = profile?.email ?? fallbackEmail;
  await deps.charities.removeProfile(userId);
  if (email) await deps.identity.deleteUser(email);
  await deps.resets.voidAll(userId, deps.clock.now());
  await deps.media.deletePrefix(`${userId}/`);
  // Uploads never saved, too (the lifecycle rule would take them within a day).
  await deps.media.deletePrefix(`${INCOMING_PREFIX}${userId}/`);
  await deps.followers.forgetCharity(userId);
  await deps.charities.deleteAll(userId, profile?.registration_number);
  return { success: true };
}
