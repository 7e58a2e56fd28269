import { DEFAULT_CARD_FEE } from '@shared/giving';
import type { CheckoutRequest } from '../../adapters/payments';
import type { CharityProfile, VerificationFlags } from '../../data/charities';
import type { Donation } from '../../data/donations';
import { type CreateDonationDeps, createDonation } from './create-donation';

const profile = {
  id: 'u1',
  charity_name: 'Brambleford Community Larder',
  registration_number: '1123456',
  stripe_account_id: 'acct_1',
  stripe_charges_enabled: true,
  hmrc_reference: 'AB12345',
} as CharityProfile;
const flags = { verified: true, locked: false, page_is_live: true } as VerificationFlags;

function deps(over: Partial<CreateDonationDeps> = {}, declines = 0) {
  const written: Donation[] = [];
  const sessions: CheckoutRequest[] = [];
  let hits = 0;
  const d: CreateDonationDeps = {
    charities: {
      userIdByNumber: async (n) => (n === '1123456' ? 'u1' : undefined),
      getProfile: async () => profile,
      getVerification: async () => flags,
      applyPayoutChange: async () => false,
    },
    donations: {
      createPending: async (donation) => {
        written.push(donation);
        return true;
      },
      setCheckoutSession: async () => true,
    },
    givingChecks: () => [],
    payments: {
      createCheckoutSession: async (request) => {
        sessions.push(request);
        return { id: 'cs_1', url: 'https://pay.example/cs_1' };
      },
    },
    rates: {
      hitAll: async () => ({ allowed: ++hits <= 10, retryAfterSeconds: 60 }),
      read: async () => declines,
    },
    giving: { open: true, cardFee: DEFAULT_CARD_FEE, siteUrl: 'https://kindred.example/' },
    clock: { now: () => new Date('2026-11-27T10:00:00Z') },
    newId: () => 'don_1',
    ...over,
  };
  return { d, written, sessions };
}

const input = {
  registration_number: '1123456',
  amount_pence: 10_000,
  tip: { kind: 'amount' as const, pence: 500 },
  cover_fee: false,
  anonymous: true,
  may_email: false,
  email: 'donor@example.org',
  adult: true as const,
  gift_aid: null,
};

describe('createDonation', () => {
  it('is refused while giving is closed on the stage, before anything is counted or written', async () => {
    const { d, written } = deps({
      giving: { open: false, cardFee: DEFAULT_CARD_FEE, siteUrl: 'https://k.example' },
    });
    await expect(createDonation(d, input, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'GIVING_CLOSED',
      message: 'Giving opens soon.',
    });
    expect(written).toEqual([]);
  });

  it('writes the figures it computed and asks Stripe for a destination charge with Kindred’s fee', async () => {
    const { d, written, sessions } = deps();
    const out = await createDonation(d, input, { sourceIp: '1.2.3.4' });
    expect(out).toEqual({ success: true, donation_id: 'don_1', checkout_url: 'https://pay.example/cs_1' });
    expect(written[0]).toMatchObject({
      donation_pence: 10_000,
      card_fee_pence: 160,
      tip_pence: 500,
      total_pence: 10_500,
      application_fee_pence: 660,
      anonymous: true,
      status: 'pending',
    });
    expect(sessions[0]).toMatchObject({
      donation: { name: 'Donation to Brambleford Community Larder', pence: 10_000 },
      tip: { name: 'Optional tip to Kindred', pence: 500 },
      applicationFeePence: 660,
      destination: 'acct_1',
      successUrl: 'https://kindred.example/charities/1123456/thank-you?donation=don_1',
      cancelUrl: 'https://kindred.example/charities/1123456?giving=cancelled#give',
    });
    // Stripe's shortest expiry is 30 minutes: a minute more, so the request is never refused at the edge.
    expect(sessions[0]?.expiresAt).toBe(Date.parse('2026-11-27T10:31:00Z') / 1000);
  });

  it('sends no tip line when there is no tip', async () => {
    const { d, sessions } = deps();
    await createDonation(d, { ...input, tip: { kind: 'none' } }, { sourceIp: undefined });
    expect(sessions[0]?.tip).toBeNull();
    expect(sessions[0]?.applicationFeePence).toBe(160);
  });

  it('is refused when the transaction’s checks refuse (the charity changed meanwhile)', async () => {
    const { d } = deps({
      donations: { createPending: async () => false, setCheckoutSession: async () => true },
    });
    await expect(createDonation(d, input, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOT_TAKING_DONATIONS',
    });
  });

  it('stops a source after its limit with the wait', async () => {
    const { d } = deps();
    for (let i = 0; i < 10; i++) await createDonation(d, input, { sourceIp: '1.2.3.4' });
    await expect(createDonation(d, input, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 429,
      flags: { isRateLimit: true, waitTime: 60 },
    });
  });

  it('stops a source whose cards were declined 5 times this hour, until the hour ends (card testing)', async () => {
    const { d, written } = deps({}, 5);
    await expect(createDonation(d, input, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 429,
      // 10:00:00 on the clock: the hour's window has all of its 3,600 seconds to go.
      flags: { isRateLimit: true, waitTime: 3600 },
    });
    expect(written).toEqual([]);
    const fewer = deps({}, 4);
    await expect(createDonation(fewer.d, input, { sourceIp: '1.2.3.4' })).resolves.toMatchObject({
      success: true,
    });
  });

  it('refuses a gift whose total charge passes £10,000.00 (fee covered, or a tip) with 400 on the amount', async () => {
    const { d, written, sessions } = deps();
    let hits = 0;
    d.rates = { hitAll: async () => ({ allowed: ++hits > 0, retryAfterSeconds: 0 }), read: async () => 0 };
    const covered = { ...input, amount_pence: 1_000_000, tip: { kind: 'none' as const }, cover_fee: true };
    await expect(createDonation(d, covered, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'amount_pence',
      message: expect.stringContaining('Your card would be charged £10,142.19.'),
    });
    const tipped = { ...input, amount_pence: 999_600, tip: { kind: 'amount' as const, pence: 500 } };
    await expect(createDonation(d, tipped, { sourceIp: '1.2.3.4' })).rejects.toMatchObject({
      statusCode: 400,
      field: 'amount_pence',
    });
    // Refused before the rate limit counts it, and nothing is written or sent to Stripe.
    expect(hits).toBe(0);
    expect(written).toEqual([]);
    expect(sessions).toEqual([]);
    // Exactly £10,000.00 charged is allowed.
    await createDonation(d, { ...tipped, amount_pence: 999_500 }, { sourceIp: '1.2.3.4' });
    expect(written[0]?.total_pence).toBe(1_000_000);
  });
});
