import type { Donation } from '../../data/donations';
import { chargeRefunded, disputeChanged, disputeClosed, refundUpdated } from './money-events';
import type { PlatformDeps } from './webhook-types';

const base = {
  id: 'd1',
  status: 'paid',
  charity_user_id: 'u1',
  charity_name: 'Brambleford Community Larder',
  registration_number: '1123456',
  email: 'donor@example.org',
  donation_pence: 2500,
  tip_pence: 0,
  total_pence: 2500,
  created_at: '2026-11-20T09:59:00.000Z',
  paid_at: '2026-11-20T10:00:00.000Z',
  payment_intent_id: 'pi_1',
  gift_aid: null,
} as unknown as Donation;

function deps(donation: Partial<Donation> = {}) {
  let stored = { ...base, ...donation } as Donation;
  const seen: string[] = [];
  const d = {
    donations: {
      get: async () => stored,
      markRefunded: async () => {
        seen.push('refunded');
        stored = { ...stored, status: 'refunded' };
        return true;
      },
      markRefundFailed: async () => {
        seen.push('refund_failed');
        stored = { ...stored, status: 'refund_failed' };
        return true;
      },
      noteInquiry: async (_id: string, f: { dispute_status: string }) => {
        seen.push(`inquiry ${f.dispute_status}`);
        return true;
      },
      markDisputed: async (_d: Donation, f: { dispute_id: string }) => {
        seen.push('disputed');
        stored = { ...stored, status: 'disputed', dispute_id: f.dispute_id };
        return true;
      },
      closeDispute: async (_d: Donation, f: { dispute_status: string }) => {
        seen.push(`closed ${f.dispute_status}`);
        return true;
      },
      claimNotice: async () => true,
      releaseNotice: async () => true,
    },
    payments: {
      getCharge: async () => ({
        id: 'ch_1',
        paymentIntentId: 'pi_1',
        amount: 2500,
        amountRefunded: 0,
        refunded: false,
        donationId: 'd1',
      }),
    },
    charities: { getProfile: async () => ({ email: 'charity@example.org' }) },
    email: { send: async (m: { to: string }) => void seen.push(`mail ${m.to}`) },
    clock: { now: () => new Date('2026-11-27T10:00:00.000Z') },
    warn: () => {},
    alarm: (message: string) => void seen.push(`alarm ${message}`),
  } as unknown as PlatformDeps;
  return { d, seen };
}

const charge = (over: Record<string, unknown> = {}) => ({
  id: 'ch_1',
  payment_intent: 'pi_1',
  refunded: true,
  metadata: { donation_id: 'd1' },
  ...over,
});

describe('refund and dispute events', () => {
  it('a whole refund moves the donation and mails the donor; a partial one only raises an alarm', async () => {
    const whole = deps();
    await chargeRefunded(whole.d, charge());
    expect(whole.seen).toEqual(['refunded', 'mail donor@example.org']);
    const partial = deps();
    await chargeRefunded(partial.d, charge({ refunded: false }));
    expect(partial.seen).toEqual(['alarm partial refund of a donation']);
  });

  it("ignores a charge that is not the donation's payment", async () => {
    const { d, seen } = deps();
    await chargeRefunded(d, charge({ payment_intent: 'pi_other' }));
    expect(seen).toEqual([]);
  });

  it('an event ahead of the one it follows fails (503), so Stripe delivers it again later', async () => {
    await expect(chargeRefunded(deps({ status: 'pending' }).d, charge())).rejects.toMatchObject({
      statusCode: 503,
    });
    await expect(
      disputeClosed(deps().d, { id: 'dp_1', charge: 'ch_1', status: 'won' }),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  it('a dispute moves the donation and mails the charity; its close is passed on', async () => {
    const { d, seen } = deps();
    await disputeChanged(d, { id: 'dp_1', charge: 'ch_1', status: 'needs_response' });
    await disputeClosed(d, { id: 'dp_1', charge: 'ch_1', status: 'lost' });
    expect(seen).toEqual(['disputed', 'mail charity@example.org', 'closed lost']);
  });

  it('an inquiry takes no money: the donation stays paid, nobody is mailed', async () => {
    const { d, seen } = deps();
    await disputeChanged(d, { id: 'dp_1', charge: 'ch_1', status: 'warning_needs_response' });
    expect(seen).toEqual(['inquiry warning_needs_response']);
  });

  it('a refund that fails after it succeeded moves the donation back, alarms and tells the charity', async () => {
    const { d, seen } = deps({ status: 'refunded' });
    await refundUpdated(d, {
      id: 're_1',
      charge: 'ch_1',
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(seen).toEqual([
      'refund_failed',
      'alarm a refund failed after it succeeded',
      'mail charity@example.org',
    ]);
    // Still succeeded, or pending: nothing.
    const ok = deps({ status: 'refunded' });
    await refundUpdated(ok.d, { id: 're_1', charge: 'ch_1', status: 'succeeded' });
    expect(ok.seen).toEqual([]);
    // Before its refund is recorded: 503, Stripe delivers it again.
    await expect(
      refundUpdated(deps().d, { id: 're_1', charge: 'ch_1', status: 'failed' }),
    ).rejects.toMatchObject({ statusCode: 503 });
  });
});
