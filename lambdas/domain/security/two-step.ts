import { ErrorCode } from '@shared/api/error-codes';
import type { SuccessMessageResponse } from '@shared/api/schemas/common';
import type {
  StartTwoStepSetupResponse,
  TurnOffTwoStepRequest,
  TurnOnTwoStepRequest,
  TwoStepStatusResponse,
} from '@shared/api/schemas/two-step';
import { otpauthUri, TWO_STEP_ISSUER, TwoStepMessage } from '@shared/two-step';
import type { EmailSender } from '../../adapters/email';
import type { Identity } from '../../adapters/identity';
import type { TwoStepPort } from '../../adapters/two-step';
import type { CharityData } from '../../data/charities';
import type { RateLimits } from '../../data/rate-limits';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/http-errors';
import { spendPasswordCheck } from '../charity-accounts/account';
import { AccountMessage } from '../charity-accounts/messages';
import { type PayoutGuardDeps, provePayoutControl, spendPayoutProof } from '../preferences/payout-guard';
import { twoStepChangedEmail } from './emails';

/** The signed-in caller as the two-step routes need it (the ID token's claims). */
export interface TwoStepCaller {
  userId: string;
  email: string;
  /** The ID token's `iat` (epoch seconds). */
  issuedAt?: number;
}

type Warn = (message: string, extra: Record<string, unknown>) => void;

export async function getTwoStepStatus(
  deps: { twoStep: TwoStepPort },
  caller: TwoStepCaller,
): Promise<TwoStepStatusResponse> {
  return { success: true, enabled: await deps.twoStep.isOn(caller.email) };
}

/** The access token the browser sent must be the same user's as its ID token, or nothing is done with it. */
async function assertOwnToken(twoStep: TwoStepPort, caller: TwoStepCaller, accessToken: string) {
  if ((await twoStep.tokenOwner(accessToken)) !== caller.userId) throw new UnauthorizedError();
}

export async function startTwoStepSetup(
  deps: { twoStep: TwoStepPort },
  caller: TwoStepCaller,
  input: { accessToken: string },
): Promise<StartTwoStepSetupResponse> {
  await assertOwnToken(deps.twoStep, caller, input.accessToken);
  const secret = await deps.twoStep.associate(input.accessToken);
  return { success: true, secret, otpauthUri: otpauthUri(secret, caller.email) };
}

/**
 * Confirms the new secret with a code and turns TOTP on; then signs the user out everywhere (refresh tokens
 * revoked first, then the cut-off and the time TOTP went on recorded), so every session from now on has
 * passed the code, and mails the sign-in address.
 */
export async function turnOnTwoStep(
  deps: {
    twoStep: TwoStepPort;
    identity: Pick<Identity, 'signOutEverywhere'>;
    charities: Pick<CharityData, 'markTwoStepOn'>;
    email: EmailSender;
    clock: Clock;
    warn: Warn;
  },
  caller: TwoStepCaller,
  input: TurnOnTwoStepRequest,
): Promise<SuccessMessageResponse> {
  await assertOwnToken(deps.twoStep, caller, input.accessToken);
  if (!(await deps.twoStep.verify(input.accessToken, input.code, TWO_STEP_ISSUER)))
    throw new ValidationError(TwoStepMessage.CodeWrong, 'code');
  await deps.twoStep.setOn(caller.email, true);
  await deps.identity.signOutEverywhere(caller.email);
  const now = deps.clock.now();
  // Whole seconds: tokens of this same second (a refresh racing the sign-out) predate it too.
  if (!(await deps.charities.markTwoStepOn(caller.userId, new Date(now.getTime() + 1000))))
    throw new NotFoundError(AccountMessage.NotFound);
  await deps.email
    .send(twoStepChangedEmail({ to: caller.email, on: true, at: now.toISOString() }))
    .catch((error) => deps.warn('two-step on email not sent', { error: (error as Error).name }));
  return { success: true, message: TwoStepMessage.TurnedOn };
}

/**
 * A whole sign-in's proof, for what needs more than a session (turning two-step off, a refund): the password
 * (rate-limited as every password check is) and a current, unused code. A wrong one is a 400 on its field;
 * otherwise Cognito's answer (`ok`, or that TOTP was not on).
 */
export async function provePasswordAndCode(
  deps: {
    twoStep: Pick<TwoStepPort, 'signInWithCode'>;
    rates: RateLimits;
    clock: Clock;
    charityClientId: string;
  },
  caller: { userId: string; email: string },
  input: { password: string; code: string },
) {
  await spendPasswordCheck(deps, caller.userId);
  const proof = await deps.twoStep.signInWithCode(
    deps.charityClientId,
    caller.email,
    input.password,
    input.code,
  );
  if (proof === 'wrong-password') throw new ValidationError(AccountMessage.CurrentPasswordWrong, 'password');
  if (proof === 'wrong-code') throw new ValidationError(TwoStepMessage.CodeWrong, 'code');
  if (proof === 'code-used') throw new ValidationError(TwoStepMessage.CodeUsed, 'code');
  return proof;
}

/**
 * With the password and a current code (a whole sign-in), and while a payout account is connected a code sent
 * to the register's email, turns TOTP off and mails the sign-in address.
 */
export async function turnOffTwoStep(
  deps: {
    twoStep: TwoStepPort;
    charities: Pick<CharityData, 'markTwoStepOff' | 'getProfile'>;
    rates: RateLimits;
    email: EmailSender;
    clock: Clock;
    charityClientId: string;
    warn: Warn;
    /** The register-email proof, needed while a payout account is connected (issue 41). */
    payoutGuard: PayoutGuardDeps;
  },
  caller: TwoStepCaller,
  input: TurnOffTwoStepRequest,
  ctx: { sourceIp: string | undefined } = { sourceIp: undefined },
): Promise<SuccessMessageResponse> {
  const profile = await deps.charities.getProfile(caller.userId);
  const guarded = Boolean(profile?.stripe_account_id || profile?.payout_change);
  // With a payout account connected, the register's email agrees too: a stolen password and authenticator
  // alone cannot drop the second factor that refunds and payout changes rely on.
  if (guarded)
    await provePayoutControl(deps.payoutGuard, caller.userId, {
      registerCode: input.registerCode,
      sourceIp: ctx.sourceIp,
    });
  const proof = await provePasswordAndCode(deps, caller, input);
  if (guarded) await spendPayoutProof(deps.payoutGuard, caller.userId);
  await deps.twoStep.setOn(caller.email, false);
  await deps.charities.markTwoStepOff(caller.userId);
  if (proof === 'ok') {
    await deps.email
      .send(twoStepChangedEmail({ to: caller.email, on: false, at: deps.clock.now().toISOString() }))
      .catch((error) => deps.warn('two-step off email not sent', { error: (error as Error).name }));
  }
  return { success: true, message: TwoStepMessage.TurnedOff };
}

/**
 * The check before the payment account is connected or changed, or an account that has one is deleted: TOTP is
 * on (read from Cognito, not from anything the browser sends) AND the caller's ID token was issued at or after
 * TOTP was last turned on (turning it on revoked every older session, so this session passed the code).
 * Otherwise 403 MFA_REQUIRED.
 */
export async function requireTwoStepSession(
  deps: { twoStep: Pick<TwoStepPort, 'isOn'>; charities: Pick<CharityData, 'getProfile'> },
  caller: { userId: string; email: string | undefined; issuedAt?: number },
  purpose: 'payments' | 'deletion',
): Promise<void> {
  const refuse = () =>
    new AppError({
      statusCode: 403,
      code: ErrorCode.MfaRequired,
      message:
        purpose === 'payments' ? TwoStepMessage.RequiredForPayments : TwoStepMessage.RequiredForDeletion,
    });
  const profile = await deps.charities.getProfile(caller.userId);
  const onAt = profile?.mfa_enabled_at;
  if (!profile || onAt === undefined || caller.issuedAt === undefined || caller.issuedAt < onAt)
    throw refuse();
  if (!(await deps.twoStep.isOn(profile.email))) throw refuse();
}
