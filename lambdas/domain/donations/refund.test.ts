import { DonationsMessage } from '@shared/donations';
import { PayoutMessage } from '@shared/payout';
import { TwoStepMessage } from '@shared/two-step';
import { PaymentsError } from '../../adapters/payments';
import type { Donation } from '../../data/donations';
import { type RefundDeps, refundDonation } from './refund';

const paid = {
  id: 'don_1',
  status: 'paid',
  charity_user_id: 'u1',
  charity_name: 'Brambleford Community Larder',
  registration_number: '1123456',
  email: 'donor@example.org',
  donation_pence: 2500,
  card_fee_pence: 55,
  tip_pence: 0,
  total_pence: 2500,
  anonymous: false,
  may_email: false,
  message: null,
  gift_aid: null,
  created_at: '2026-11-20T09:59:00.000Z',
  paid_at: '2026-11-20T10:00:00.000Z',
  payment_intent_id: 'pi_1',
} as unknown as Donation;

function deps(
  over: { twoStep?: boolean; payoutAccount?: string; stripe?: () => Promise<{ refundId: string }> } = {},
) {
  let stored: Donation = { ...paid };
  const calls = { refunds: 0, moved: 0, mails: 0 };
  const d: RefundDeps = {
    charities: {
      getProfile: async () => ({ stripe_account_id: over.payoutAccount ?? null }) as never,
    },
    donations: {
      get: async () => stored,
      markRefunded: async (_donation, facts) => {
        if (stored.status !== 'paid') return false;
        calls.moved++;
        stored = { ...stored, status: 'refunded', refunded_at: facts.refunded_at };
        return true;
      },
      claimNotice: async () => true,
      releaseNotice: async () => true,
    },
    payments: {
      refundDonation: async () => {
        calls.refunds++;
        return over.stripe ? over.stripe() : { refundId: 're_1' };
      },
    },
    twoStep: {
      isOn: async () => over.twoStep ?? false,
      signInWithCode: async (_client, _email, password, code) =>
        password !== 'right' ? 'wrong-password' : code === '123456' ? 'ok' : 'wrong-code',
    },
    rates: { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) },
    email: { send: async () => void calls.mails++ },
    clock: { now: () => new Date('2026-11-27T10:00:00.000Z') },
    charityClientId: 'client',
    warn: () => {},
  };
  return { d, calls, set: (donation: Partial<Donation>) => (stored = { ...stored, ...donation }) };
}

const caller = { userId: 'u1', email: 'treasurer@example.org' };
const input = { donationId: 'don_1', confirm: true as const };

describe('refunding a donation', () => {
  it('refunds through Stripe, moves it to refunded, tells the donor, and answers the row', async () => {
    const { d, calls } = deps();
    const out = await refundDonation(d, caller, input);
    expect(out).toMatchObject({
      message: DonationsMessage.RefundStarted,
      donation: { id: 'don_1', status: 'refunded', refundable_until: null },
    });
    expect(calls).toEqual({ refunds: 1, moved: 1, mails: 1 });
    // Again: answered as refunded, nothing called.
    await refundDonation(d, caller, input);
    expect(calls).toEqual({ refunds: 1, moved: 1, mails: 1 });
  });

  it("answers another charity's donation, or one not paid yet, as not found", async () => {
    const { d, set } = deps();
    await expect(refundDonation(d, { ...caller, userId: 'u2' }, input)).rejects.toThrow(
      DonationsMessage.NotFound,
    );
    set({ status: 'pending' });
    await expect(refundDonation(d, caller, input)).rejects.toThrow(DonationsMessage.NotFound);
  });

  it('refuses a disputed donation and one paid more than 30 days ago', async () => {
    const { d, set, calls } = deps();
    set({ status: 'disputed' });
    await expect(refundDonation(d, caller, input)).rejects.toThrow(DonationsMessage.RefundNotPaid);
    set({ status: 'paid', paid_at: '2026-10-28T09:59:59.000Z' });
    await expect(refundDonation(d, caller, input)).rejects.toThrow(DonationsMessage.RefundTooLate);
    expect(calls.refunds).toBe(0);
  });

  it('with two-step on, needs the password and a current code', async () => {
    const { d, calls } = deps({ twoStep: true });
    await expect(refundDonation(d, caller, input)).rejects.toThrow(TwoStepMessage.PasswordRequired);
    await expect(refundDonation(d, caller, { ...input, password: 'right' })).rejects.toThrow(
      TwoStepMessage.CodeFormat,
    );
    await expect(
      refundDonation(d, caller, { ...input, password: 'wrong', code: '123456' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      field: 'password',
    });
    await expect(refundDonation(d, caller, { ...input, password: 'right', code: '000000' })).rejects.toThrow(
      TwoStepMessage.CodeWrong,
    );
    expect(calls.refunds).toBe(0);
    await refundDonation(d, caller, { ...input, password: 'right', code: '123456' });
    expect(calls.refunds).toBe(1);
  });

  it('with a payout account connected, never refunds on the session alone (issue 41, item 10)', async () => {
    const off = deps({ payoutAccount: 'acct_1' });
    await expect(refundDonation(off.d, caller, input)).rejects.toMatchObject({
      statusCode: 403,
      code: 'MFA_REQUIRED',
      message: PayoutMessage.RefundNeedsTwoStep,
    });
    expect(off.calls.refunds).toBe(0);
    const on = deps({ payoutAccount: 'acct_1', twoStep: true });
    await expect(refundDonation(on.d, caller, input)).rejects.toThrow(TwoStepMessage.PasswordRequired);
    await refundDonation(on.d, caller, { ...input, password: 'right', code: '123456' });
    expect(on.calls.refunds).toBe(1);
  });

  it('when Stripe fails, answers 503 with the refund message and changes nothing', async () => {
    const { d, calls } = deps({
      stripe: async () => {
        throw new PaymentsError('unavailable', 'down');
      },
    });
    await expect(refundDonation(d, caller, input)).rejects.toMatchObject({
      statusCode: 503,
      message: DonationsMessage.RefundFailed,
    });
    expect(calls).toEqual({ refunds: 1, moved: 0, mails: 0 });
  });

  it("a charge Stripe says is refunded already (its dashboard) is the donation's refund", async () => {
    const { d, calls } = deps({
      stripe: async () => {
        throw new PaymentsError('invalid-request', 'refunded', {
          status: 400,
          code: 'charge_already_refunded',
        });
      },
    });
    expect((await refundDonation(d, caller, input)).donation.status).toBe('refunded');
    expect(calls.moved).toBe(1);
  });
});
