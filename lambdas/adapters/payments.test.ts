import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPayments, PaymentsError, STRIPE_API_VERSION, stripePayments } from './payments';

/** A request the fake Stripe received. */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

/** A fake Stripe API on a loopback port: answers from a queue, records what it was sent. */
async function fakeStripe() {
  const seen: Seen[] = [];
  const answers: { status: number; body: unknown; raw?: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      const answer = answers.shift() ?? { status: 500, body: { error: { type: 'api_error' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    answer: (status: number, body: unknown, raw?: string) => answers.push({ status, body, raw }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const KEY = 'sk_test_kindred_fake_key';
const onboarding = {
  charityId: 'charity-123',
  email: 'hello@brambleford.example.org',
  existingAccountId: null,
  returnUrl: 'https://kindred.example.org/charity/preferences/payments?stripe=return',
  refreshUrl: 'https://kindred.example.org/charity/preferences/payments?stripe=refresh',
};

describe('stripe payments adapter (against a fake Stripe on loopback)', () => {
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeEach(async () => {
    stripe = await fakeStripe();
  });
  afterEach(async () => {
    await stripe.close();
  });
  const adapter = () => stripePayments({ secretKey: async () => KEY, baseUrl: stripe.baseUrl });

  it('creates an Express account, then an onboarding link, as form-encoded POSTs with the key as bearer', async () => {
    stripe.answer(200, { id: 'acct_1NewExpress', object: 'account' });
    stripe.answer(200, {
      object: 'account_link',
      url: 'https://connect.stripe.com/setup/e/acct_1NewExpress/x',
    });
    const result = await adapter().startOnboarding(onboarding);
    expect(result).toEqual({
      accountId: 'acct_1NewExpress',
      url: 'https://connect.stripe.com/setup/e/acct_1NewExpress/x',
    });
    expect(stripe.seen).toHaveLength(2);
    const [account, link] = stripe.seen as [Seen, Seen];
    expect(account).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(account.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(account.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(account.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(account.headers['idempotency-key']).toBe('kindred-express-account-charity-123');
    expect(account.form).toEqual({
      type: 'express',
      country: 'GB',
      email: onboarding.email,
      business_type: 'non_profit',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[charity_id]': 'charity-123',
    });
    expect(link).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(link.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(link.form).toEqual({
      account: 'acct_1NewExpress',
      type: 'account_onboarding',
      refresh_url: onboarding.refreshUrl,
      return_url: onboarding.returnUrl,
    });
  });

  it('reuses an account already being onboarded: only a new link is made', async () => {
    stripe.answer(200, {
      object: 'account_link',
      url: 'https://connect.stripe.com/setup/e/acct_1Existing/y',
    });
    const result = await adapter().startOnboarding({ ...onboarding, existingAccountId: 'acct_1Existing' });
    expect(result.accountId).toBe('acct_1Existing');
    expect(stripe.seen.map((s) => s.path)).toEqual(['/v1/account_links']);
    expect(stripe.seen[0]?.form.account).toBe('acct_1Existing');
  });

  it('reads an account with a GET and maps its onboarding state', async () => {
    stripe.answer(200, {
      id: 'acct_1Done',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
      metadata: { charity_id: 'charity-123' },
    });
    await expect(adapter().getAccount('acct_1Done')).resolves.toEqual({
      id: 'acct_1Done',
      charityId: 'charity-123',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: false,
    });
    expect(stripe.seen[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1Done' });
    expect(stripe.seen[0]?.headers['content-type']).toBeUndefined();
    stripe.answer(200, { id: 'acct_1Half', details_submitted: false });
    await expect(adapter().getAccount('acct_1Half')).resolves.toMatchObject({
      detailsSubmitted: false,
      // No charity named by the account: no owner, so no charity can link it.
      charityId: null,
    });
  });

  it.each([
    [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, 'configuration'],
    [403, { error: { type: 'invalid_request_error', code: 'platform_api_key_expired' } }, 'configuration'],
    [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'account' } },
      'not-found',
    ],
    [400, { error: { type: 'invalid_request_error', code: 'account_invalid' } }, 'not-found'],
    [400, { error: { type: 'invalid_request_error', code: 'parameter_unknown' } }, 'invalid-request'],
    [429, { error: { type: 'invalid_request_error', code: 'rate_limit' } }, 'rate-limited'],
    [500, { error: { type: 'api_error' } }, 'unavailable'],
    [503, undefined, 'unavailable'],
  ])(
    'maps an answer %i %j to the failure %s, keeping the status and code for the log',
    async (status, body, failure) => {
      if (body === undefined) stripe.answer(status, null, 'Service Unavailable');
      else stripe.answer(status, body);
      const error = await adapter()
        .getAccount('acct_1Any')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentsError);
      expect(error).toMatchObject({ failure, status });
      // Stripe's own message never becomes ours (it could name internals).
      expect((error as Error).message).not.toContain('Invalid API Key');
    },
  );

  it('refunds a donation whole, transfer reversed and fee returned, keyed by the donation id', async () => {
    stripe.answer(200, { id: 're_1', object: 'refund' });
    expect(await adapter().refundDonation({ donationId: 'don_1', paymentIntentId: 'pi_1' })).toEqual({
      refundId: 're_1',
    });
    const [seen] = stripe.seen as [Seen];
    expect(seen).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(seen.headers['idempotency-key']).toBe('kindred-refund-don_1');
    expect(seen.form).toEqual({
      payment_intent: 'pi_1',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      reason: 'requested_by_customer',
      'metadata[donation_id]': 'don_1',
    });
    stripe.answer(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } });
    await expect(
      adapter().refundDonation({ donationId: 'don_1', paymentIntentId: 'pi_1' }),
    ).rejects.toMatchObject({
      failure: 'invalid-request',
      providerCode: 'charge_already_refunded',
    });
  });

  it("reads a charge's refund state and donation", async () => {
    stripe.answer(200, {
      id: 'ch_1',
      payment_intent: 'pi_1',
      amount: 2500,
      amount_refunded: 2500,
      refunded: true,
      metadata: { donation_id: 'don_1' },
    });
    expect(await adapter().getCharge('ch_1')).toEqual({
      id: 'ch_1',
      paymentIntentId: 'pi_1',
      amount: 2500,
      amountRefunded: 2500,
      refunded: true,
      donationId: 'don_1',
    });
    expect(stripe.seen[0]).toMatchObject({ method: 'GET', path: '/v1/charges/ch_1' });
  });

  it('maps an unreachable Stripe to unavailable', async () => {
    await stripe.close();
    const error = await stripePayments({ secretKey: async () => KEY, baseUrl: stripe.baseUrl })
      .getAccount('acct_1Any')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaymentsError', failure: 'unavailable' });
    stripe = await fakeStripe();
  });

  it('refuses a success answer without the fields it needs', async () => {
    stripe.answer(200, { object: 'account' });
    await expect(adapter().startOnboarding(onboarding)).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('without a configured key answers a configuration failure on use (the function still starts)', async () => {
    const payments = createPayments({ PAYMENTS_MODE: 'stripe', STRIPE_API_BASE_URL: stripe.baseUrl });
    await expect(payments.getAccount('acct_1Any')).rejects.toMatchObject({ failure: 'configuration' });
    expect(stripe.seen).toHaveLength(0);
  });

  it('uses a configured key from the environment', async () => {
    const payments = createPayments({
      PAYMENTS_MODE: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_from_env',
      STRIPE_API_BASE_URL: stripe.baseUrl,
    });
    stripe.answer(200, { id: 'acct_1Env', details_submitted: true });
    await payments.getAccount('acct_1Env');
    expect(stripe.seen[0]?.headers.authorization).toBe('Bearer sk_test_from_env');
  });
});
