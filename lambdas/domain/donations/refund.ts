import { ErrorCode } from '@shared/api/error-codes';
import type { RefundDonationRequest } from '@shared/api/schemas/donations';
import { CHARITY_DONATION_STATUSES, DonationsMessage } from '@shared/donations';
import { PayoutMessage } from '@shared/payout';
import { TwoStepMessage } from '@shared/two-step';
import type { z } from 'zod';
import type { EmailSender } from '../../adapters/email';
import { PaymentsError, type PaymentsPort } from '../../adapters/payments';
import type { TwoStepPort } from '../../adapters/two-step';
import type { CharityData } from '../../data/charities';
import type { Donation, DonationData } from '../../data/donations';
import type { RateLimits } from '../../data/rate-limits';
import type { Clock } from '../../lib/clock';
import {
  AppError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../lib/http-errors';
import { sendRefundEmail } from '../giving/notices';
import { provePasswordAndCode } from '../security/two-step';
import { donationRow } from './rows';
import { refundDeadline } from './uk-time';

export interface RefundDeps {
  /** Whether a payout account is connected (then every refund needs the password and a code; issue 41). */
  charities: Pick<CharityData, 'getProfile'>;
  donations: Pick<DonationData, 'get' | 'markRefunded' | 'claimNotice' | 'releaseNotice'>;
  payments: Pick<PaymentsPort, 'refundDonation'>;
  twoStep: Pick<TwoStepPort, 'isOn' | 'signInWithCode'>;
  rates: Pick<RateLimits, 'hit'>;
  email: EmailSender;
  clock: Clock;
  charityClientId: string;
  warn: (message: string, extra: Record<string, unknown>) => void;
}

type RefundInput = z.output<typeof RefundDonationRequest>;

/** The caller's own donation as the charity sees it; anything else (another charity's, unpaid) is a 404. */
async function ownDonation(deps: RefundDeps, userId: string, id: string): Promise<Donation> {
  const donation = await deps.donations.get(id);
  if (
    !donation ||
    donation.charity_user_id !== userId ||
    !(CHARITY_DONATION_STATUSES as readonly string[]).includes(donation.status)
  )
    throw new NotFoundError(DonationsMessage.NotFound);
  return donation;
}

/**
 * The password and a current code (a whole sign-in, as turning two-step off needs): with two-step sign-in on,
 * and always while a payout account is connected (issue 41, item 10; the session alone never refunds). With a
 * payout account and two-step off (an account from before the rule): 403 MFA_REQUIRED, saying to turn it on.
 */
async function checkTwoStep(deps: RefundDeps, caller: { userId: string; email: string }, input: RefundInput) {
  if (!(await deps.twoStep.isOn(caller.email))) {
    // The profile is read only here: with two-step on, the code is asked for whatever the account.
    if (!(await deps.charities.getProfile(caller.userId))?.stripe_account_id) return;
    throw new AppError({
      statusCode: 403,
      code: ErrorCode.MfaRequired,
      message: PayoutMessage.RefundNeedsTwoStep,
    });
  }
  if (!input.password) throw new ValidationError(TwoStepMessage.PasswordRequired, 'password');
  if (!input.code) throw new ValidationError(TwoStepMessage.CodeFormat, 'code');
  await provePasswordAndCode(deps, caller, { password: input.password, code: input.code });
}

/**
 * `refund-donation`: the caller's own paid donation, within 30 days of payment, refunded whole through Stripe
 * (the transfer reversed, the tip and fee returned; keyed by the donation id, so a double click or a replay
 * refunds once), then moved paid → refunded with its totals (conditional: `charge.refunded` may have done it
 * first), and the donor told once. A refunded donation answers as refunded again, changing nothing.
 */
export async function refundDonation(
  deps: RefundDeps,
  caller: { userId: string; email: string },
  input: RefundInput,
) {
  const donation = await ownDonation(deps, caller.userId, input.donationId);
  const now = deps.clock.now();
  const answer = (d: Donation) => ({
    success: true as const,
    message: DonationsMessage.RefundStarted,
    donation: donationRow(d, now),
  });
  if (donation.status === 'refunded') return answer(donation);
  if (donation.status !== 'paid' || !donation.payment_intent_id || !donation.paid_at)
    throw new ConflictError(DonationsMessage.RefundNotPaid);
  if (now.toISOString() > refundDeadline(donation.paid_at))
    throw new ConflictError(DonationsMessage.RefundTooLate);
  await checkTwoStep(deps, caller, input);

  let refundId: string | null = null;
  try {
    refundId = (
      await deps.payments.refundDonation({
        donationId: donation.id,
        paymentIntentId: donation.payment_intent_id,
      })
    ).refundId;
  } catch (error) {
    // Refunded already at Stripe (its dashboard): the charge is refunded, so the donation is too.
    if (!(error instanceof PaymentsError && error.providerCode === 'charge_already_refunded')) {
      deps.warn('refund refused by Stripe', {
        donation: donation.id,
        failure: (error as PaymentsError).failure,
        code: (error as PaymentsError).providerCode,
      });
      throw new ServiceUnavailableError(DonationsMessage.RefundFailed, error);
    }
  }
  await deps.donations.markRefunded(donation, { refund_id: refundId, refunded_at: now.toISOString() });
  const after = (await deps.donations.get(donation.id)) ?? donation;
  if (after.status === 'refunded')
    await sendRefundEmail(deps, after).catch((error) =>
      // The claim was given back: `charge.refunded` (Stripe retries it) sends the email.
      deps.warn('refund email not sent', { donation: donation.id, error: (error as Error).name }),
    );
  return answer(after);
}
