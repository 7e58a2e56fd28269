import { startStripe } from '../../infra/local/stripe/server';
import { createPayments, PaymentsEnv } from './payments';

const onboarding = {
  charityId: 'charity-123',
  email: 'hello@brambleford.example.org',
  existingAccountId: null,
  returnUrl: 'https://kindred.example.org/charity/preferences/payments?stripe=return',
  refreshUrl: 'https://kindred.example.org/charity/preferences/payments?stripe=refresh',
};

describe('stripe payments adapter against the local Stripe (the local cloud’s provider)', () => {
  const LOCAL_KEY = 'sk_test_local_adapter_unit';
  let local: Awaited<ReturnType<typeof startStripe>>;
  beforeAll(async () => {
    local = await startStripe({ port: 0, secretKey: LOCAL_KEY });
  });
  afterAll(() => local.stop());
  const payments = () =>
    createPayments({
      PAYMENTS_MODE: 'stripe',
      STRIPE_SECRET_KEY: LOCAL_KEY,
      STRIPE_API_BASE_URL: local.url,
    });

  it('onboards through the hosted page: incomplete until it is submitted, then complete and owned by the charity', async () => {
    const started = await payments().startOnboarding(onboarding);
    expect(started.accountId).toMatch(/^acct_\w+$/);
    expect(started.url).toMatch(new RegExp(`^${local.url}/setup/e/link_\\w+$`));
    await expect(payments().getAccount(started.accountId)).resolves.toEqual({
      id: started.accountId,
      charityId: 'charity-123',
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    // The charity submits the onboarding page; the browser goes back to our return URL.
    const submitted = await fetch(started.url, { method: 'POST', redirect: 'manual' });
    expect(submitted.headers.get('location')).toBe(onboarding.returnUrl);
    await expect(payments().getAccount(started.accountId)).resolves.toEqual({
      id: started.accountId,
      charityId: 'charity-123',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    // A used link sends the browser to the refresh URL, where the payments page asks for a fresh one.
    const again = await fetch(started.url, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(onboarding.refreshUrl);
    const next = await payments().startOnboarding({ ...onboarding, existingAccountId: started.accountId });
    expect(next.accountId).toBe(started.accountId);
    expect(next.url).not.toBe(started.url);
  });

  it('is the only provider: a function configured for the retired test mode refuses to start', () => {
    expect(() => PaymentsEnv.parse({ PAYMENTS_MODE: 'test' })).toThrow(/PAYMENTS_MODE/);
    expect(PaymentsEnv.parse({ PAYMENTS_MODE: 'stripe' }).PAYMENTS_MODE).toBe('stripe');
  });

  it('an unknown account is not-found, and a wrong key is a configuration failure', async () => {
    await expect(payments().getAccount('acct_1NoSuchAccount')).rejects.toMatchObject({
      failure: 'not-found',
    });
    const wrongKey = createPayments({
      PAYMENTS_MODE: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_not_this_one',
      STRIPE_API_BASE_URL: local.url,
    });
    await expect(wrongKey.getAccount('acct_1Any')).rejects.toMatchObject({ failure: 'configuration' });
  });

  it('pays a donation, reads its intent with the charge time, refunds part of the money and lists a payout by line', async () => {
    const { accountId } = await payments().startOnboarding(onboarding);
    local.engine.setAccountState(accountId, true);
    const session = await payments().createCheckoutSession({
      donationId: 'don_local',
      email: 'donor@example.org',
      donation: { name: 'Donation', pence: 2500 },
      tip: { name: 'Tip', pence: 250 },
      applicationFeePence: 308,
      destination: accountId,
      successUrl: 'http://site/thanks',
      cancelUrl: 'http://site/back',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(local.engine.session(session.id).payment_method_types).toEqual(['card']);
    local.engine.pay(session.id, { number: '4242424242424242', email: 'donor@example.org' });
    const intentId = String(local.engine.session(session.id).payment_intent);
    const intent = await payments().getPaymentIntent(intentId);
    expect(intent).toMatchObject({ amount: 2750, destination: accountId, donationId: 'don_local' });
    expect(intent.chargeCreated).toBeGreaterThan(1_700_000_000);
    const first = local.payouts.payout(accountId);
    await payments().refundDonation({ donationId: 'don_local', paymentIntentId: intentId });
    const second = local.payouts.payout(accountId, { automatic: true });
    const paid = await payments().listPayoutLines(accountId, first?.id ?? '');
    expect(paid).toEqual([
      expect.objectContaining({ type: 'payment', net_pence: 2442, donation_id: 'don_local' }),
    ]);
    // The reversal is a negative balance: it waits for the next payout (none is made for it).
    expect(second).toBeNull();
  });
});
