import type { Logger } from '@aws-lambda-powertools/logger';
import { ErrorCode } from '@shared/api/error-codes';
import type {
  ResetPasswordWithTokenRequest,
  SendPasswordResetRequest,
  SuccessMessageResponse,
  SuccessResponse,
  ValidateResetTokenResponse,
} from '@shared/api/schemas/charity-account';
import { UserType } from '@shared/identity';
import { evaluatePassword, PasswordMessage } from '@shared/password';
import type { EmailSender } from '../../adapters/email';
import { type Identity, PasswordRejectedError } from '../../adapters/identity';
import type { RateLimits } from '../../data/rate-limits';
import type { ResetTokens } from '../../data/reset-tokens';
import type { Clock } from '../../lib/clock';
import { RateLimitError, ValidationError } from '../../lib/http-errors';
import { type BreachedCheck, refuseBreachedPassword } from '../../lib/password-screen';
import { hashToken, newResetToken } from '../../lib/secrets';
import { passwordResetEmail } from './emails';
import { ResetMessage } from './messages';
import { type EndSessionsDeps, endAllSessions } from './sessions';

export const RESET_TOKEN_TTL_SECONDS = 3600;
/** Reset mails per account per hour (beyond it, the same answer and no mail) and requests per address. */
export const RESET_LIMITS = { perAccountPerHour: 3, perAddressPerHour: 20 } as const;

export interface ResetDeps {
  identity: Identity;
  tokens: ResetTokens;
  email: EmailSender;
  rates: RateLimits;
  clock: Clock;
  siteUrl: string;
  logger: Pick<Logger, 'warn' | 'info'>;
}

/** Mails a one-hour, single-use link; answers the same whether or not the account exists. */
export async function sendPasswordReset(
  deps: ResetDeps,
  input: SendPasswordResetRequest,
  ctx: { sourceIp: string | undefined },
): Promise<SuccessMessageResponse> {
  const now = deps.clock.now();
  const byAddress = await deps.rates.hit(
    'reset-ip',
    ctx.sourceIp ?? 'unknown',
    { window: 3600, limit: RESET_LIMITS.perAddressPerHour },
    now,
  );
  if (!byAddress.allowed)
    throw new RateLimitError(ResetMessage.TooMany, {
      rateLimitType: 'other',
      waitTime: byAddress.retryAfterSeconds,
    });
  const answer = { success: true as const, message: ResetMessage.Sent };
  const user = await deps.identity.findUser(input.email);
  if (!user || user.userType !== UserType.Charity) return answer;
  const perAccount = await deps.rates.hit(
    'reset-account',
    user.userId,
    { window: 3600, limit: RESET_LIMITS.perAccountPerHour },
    now,
  );
  if (!perAccount.allowed) return answer;
  const token = newResetToken();
  await deps.tokens.put(hashToken(token), {
    userId: user.userId,
    email: user.email,
    expiresAt: Math.floor(now.getTime() / 1000) + RESET_TOKEN_TTL_SECONDS,
    issuedAt: now.getTime(),
  });
  // Built from the configured site URL, never from the request. The token travels in the fragment, which
  // browsers never send to a server (no access logs, no Referer); the page removes it on arrival.
  const link = new URL('/charity/reset-password', deps.siteUrl);
  link.hash = `token=${token}`;
  await deps.email.send(passwordResetEmail({ to: user.email, link: link.toString() })).catch((error) => {
    deps.logger.warn('reset email not sent', { error });
  });
  return answer;
}

export async function validateResetToken(
  deps: Pick<ResetDeps, 'tokens' | 'clock'>,
  token: string,
): Promise<ValidateResetTokenResponse> {
  const found = token ? await deps.tokens.find(hashToken(token), deps.clock.now()) : null;
  return found ? { valid: true } : { valid: false, error: ResetMessage.InvalidLink };
}

/**
 * Sets the new password with a valid link (used once, even in parallel; using it voids the user's other links)
 * of the very user it was made for (the link is bound to the user id: after a deletion and a new account with
 * the same email, it is void), then ends every session (`endAllSessions`: refresh tokens revoked first, then
 * ID tokens issued before the cut-off refused).
 */
export async function resetPasswordWithToken(
  deps: Pick<ResetDeps, 'tokens' | 'identity' | 'clock'> &
    EndSessionsDeps & {
      breached: BreachedCheck;
    },
  input: ResetPasswordWithTokenRequest,
): Promise<SuccessResponse> {
  if (!evaluatePassword(input.newPassword).valid)
    throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'newPassword');
  await refuseBreachedPassword(deps.breached, input.newPassword, 'newPassword');
  const invalid = () => new ValidationError(ResetMessage.InvalidLink, 'token', ErrorCode.InvalidResetToken);
  const record = await deps.tokens.consume(hashToken(input.token), deps.clock.now());
  if (!record) throw invalid();
  const user = await deps.identity.findUser(record.email);
  if (user?.userId !== record.userId) throw invalid();
  try {
    await deps.identity.setPassword(record.email, input.newPassword);
  } catch (error) {
    if (error instanceof PasswordRejectedError)
      throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'newPassword');
    throw error;
  }
  await endAllSessions(deps, { userId: record.userId, username: record.email });
  return { success: true };
}
