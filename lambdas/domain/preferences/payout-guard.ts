import { ErrorCode } from '@shared/api/error-codes';
import type { SuccessMessageResponse } from '@shared/api/schemas/common';
import { PAYOUT_CODE_MINUTES, PAYOUT_PROOF_MINUTES, PayoutMessage } from '@shared/payout';
import { VettingMessage } from '@shared/verification';
import type { EmailSender } from '../../adapters/email';
import { type CharityData, type CharityProfile, isVetted, type PayoutChange } from '../../data/charities';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { AccountMessage } from '../charity-accounts/messages';
import { issueNotMeLink, type NotMeLinkDeps } from '../charity-accounts/not-me-link';
import {
  type CodeWords,
  checkRegisterCode,
  issueRegisterCode,
  type VerificationDeps,
} from '../charity-accounts/verification';
import { MailNotSentError } from '../mail/failures';
import { payoutChangeHeldEmail, payoutCodeEmail } from '../security/emails';

/**
 * The payout account's guards (issue 41, items 9 and 10; decision 04.7). Connecting or changing the payout
 * account, and turning two-step sign-in off while one is connected, prove control of the register's email with
 * the vetting code's own mechanism (`checkRegisterCode`, `issueRegisterCode`: scrypt-hashed codes, the number's
 * guess budget, the per-source caps, the resend waits and caps), under its own item (`CODE#PAYOUT`). An accepted
 * code leaves a proof for {@link PAYOUT_PROOF_MINUTES} (long enough for Stripe's pages), used up by the one
 * change it allows. A change of an existing account waits {@link PAYOUT_CHANGE_HOLD_HOURS} hours.
 */
export type PayoutGuardDeps = Pick<
  VerificationDeps,
  'budget' | 'explore' | 'rates' | 'suppressions' | 'clock'
> & {
  charities: VerificationDeps['charities'] &
    Pick<CharityData, 'acceptPayoutCode' | 'consumePayoutProof' | 'getProfile'>;
};

const PAYOUT_WORDS: CodeWords = {
  field: 'registerCode',
  invalid: PayoutMessage.CodeWrong,
  expired: PayoutMessage.CodeExpired,
  void: PayoutMessage.CodeVoid,
};

const codeRequired = () =>
  new AppError({
    statusCode: 403,
    code: ErrorCode.RegisterCodeRequired,
    message: PayoutMessage.CodeRequired,
    field: 'registerCode',
  });
const noRegisterEmail = () =>
  new ValidationError(PayoutMessage.NoRegisterEmail, undefined, ErrorCode.NoRegisterEmail);

/** Payment changes are for a vetted charity (verified, not locked): 403 with the vetting words otherwise. */
export const notVetted = () =>
  new AppError({ statusCode: 403, code: ErrorCode.NotVerified, message: VettingMessage.Payments });

/** `send-payout-code`: a fresh code to the register's email (the vetting code's waits and daily caps). */
export async function sendPayoutCode(
  deps: PayoutGuardDeps & { email: EmailSender },
  userId: string,
): Promise<SuccessMessageResponse> {
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!profile || !flags) throw new NotFoundError(AccountMessage.NotFound);
  if (!isVetted(flags)) throw notVetted();
  if (!profile.register_email) throw noRegisterEmail();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PAYOUT_CODE_MINUTES * 60_000).toISOString();
  const code = await issueRegisterCode(deps, {
    userId,
    number: profile.registration_number,
    registerEmail: profile.register_email,
    expiresAt,
    purpose: 'payout',
    now,
  });
  await deps.email
    .send(payoutCodeEmail({ to: profile.register_email, code, charityName: profile.charity_name, expiresAt }))
    .catch((error: unknown) => {
      if (error instanceof MailNotSentError)
        throw new ServiceUnavailableError('We could not send the code. Please try again.', error);
      throw error;
    });
  recordMetric('CodesSent');
  return { success: true, message: PayoutMessage.CodeSent };
}

/**
 * Proves control of the register's email: a proof from the last hour stands; otherwise the code given is
 * checked (as vetting checks its code) and accepted once, leaving a proof. No proof and no code: 403
 * REGISTER_CODE_REQUIRED. The caller uses the proof up with {@link spendPayoutProof} when it changes something.
 */
export async function provePayoutControl(
  deps: PayoutGuardDeps,
  userId: string,
  input: { registerCode?: string; sourceIp: string | undefined },
): Promise<void> {
  const now = deps.clock.now();
  const current = await deps.charities.getCode(userId, 'payout');
  if ((current?.proved_until ?? 0) > now.getTime()) return;
  if (!input.registerCode) throw codeRequired();
  const profile = await deps.charities.getProfile(userId);
  if (!profile) throw new NotFoundError(AccountMessage.NotFound);
  if (!current) throw codeRequired();
  const stored = await checkRegisterCode(deps, {
    userId,
    number: profile.registration_number,
    code: input.registerCode,
    sourceIp: input.sourceIp,
    purpose: 'payout',
    words: PAYOUT_WORDS,
  });
  const until = now.getTime() + PAYOUT_PROOF_MINUTES * 60_000;
  if (!(await deps.charities.acceptPayoutCode(userId, stored.code_hash, until)))
    throw new ValidationError(PayoutMessage.CodeVoid, undefined, ErrorCode.CodeUsed);
}

/** Uses the proof up (once, parallel calls included): 403 REGISTER_CODE_REQUIRED when there is none left. */
export async function spendPayoutProof(
  deps: { charities: Pick<CharityData, 'consumePayoutProof'>; clock: Clock },
  userId: string,
): Promise<void> {
  if (!(await deps.charities.consumePayoutProof(userId, deps.clock.now().getTime()))) throw codeRequired();
}

/** The mails of a held change: both addresses, each with its own "this wasn't me" link. */
export async function mailHeldChange(
  deps: { email: EmailSender; notMe: NotMeLinkDeps; warn: (m: string, e: Record<string, unknown>) => void },
  profile: CharityProfile,
  change: PayoutChange,
): Promise<void> {
  const to = [...new Set([profile.email, profile.register_email].filter((a): a is string => Boolean(a)))];
  await Promise.all(
    to.map(async (address) => {
      const notMeLink = await issueNotMeLink(deps.notMe, {
        userId: profile.id,
        registrationNumber: profile.registration_number,
        charityName: profile.charity_name,
        expiresAt: change.effective_at,
        payoutChange: { accountId: change.account_id },
      });
      await deps.email
        .send(
          payoutChangeHeldEmail({
            to: address,
            charityName: profile.charity_name,
            newAccountId: change.account_id,
            currentAccountId: profile.stripe_account_id ?? '',
            effectiveAt: change.effective_at,
            notMeLink,
          }),
        )
        .catch((error) => deps.warn('payout change email not sent', { error: (error as Error).name }));
    }),
  );
}
