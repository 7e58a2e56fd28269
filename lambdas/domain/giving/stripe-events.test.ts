import { signatureHeader } from '../../../infra/local/stripe/webhooks';
import { TransitionNotDone } from '../../data/donations';
import { receivePlatformEvent } from './stripe-events';
import type { PlatformDeps } from './webhook-types';

const SECRET = 'whsec_test';

/** A `checkout.session.completed` as Stripe signs it, for donation d1. */
function signedSession() {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'checkout.session.completed',
    livemode: false,
    created: 1_764_000_000,
    data: {
      object: {
        id: 'cs_1',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        amount_total: 2500,
        currency: 'gbp',
        metadata: { donation_id: 'd1' },
      },
    },
  });
  return { body: Buffer.from(body).toString('base64'), signature: signatureHeader(SECRET, body) };
}

function deps(markPaid: () => Promise<boolean>) {
  const recorded: string[] = [];
  const d = {
    signingSecret: async () => SECRET,
    livemode: false,
    events: { seen: async () => false, record: async (id: string) => void recorded.push(id) },
    clock: { now: () => new Date() },
    warn: () => {},
    alarm: () => {},
    donations: {
      get: async () => ({
        id: 'd1',
        status: 'pending',
        total_pence: 2500,
        currency: 'gbp',
        application_fee_pence: 55,
        stripe_account_id: 'acct_1',
      }),
      markPaid,
      flag: async () => {
        throw new Error('flagged: the fake donation must match its session');
      },
    },
    payments: {
      getPaymentIntent: async () => ({
        id: 'pi_1',
        donationId: 'd1',
        destination: 'acct_1',
        applicationFeeAmount: 55,
        chargeCreated: 1_764_000_000,
      }),
    },
  } as unknown as PlatformDeps;
  return { d, recorded };
}

describe('the platform webhook (issue 41, item 1)', () => {
  it('answers 503 and does not mark the event seen when the payment could not be stored', async () => {
    const { d, recorded } = deps(async () => {
      throw new TransitionNotDone('d1', 'pending', 'paid');
    });
    await expect(receivePlatformEvent(d, signedSession())).rejects.toMatchObject({ statusCode: 503 });
    expect(recorded).toEqual([]);
  });
});
