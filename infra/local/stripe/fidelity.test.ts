import Stripe from 'stripe';
import { startStripe } from './server';

/**
 * The stand-in checked with Stripe's own client (stripe-node 16, our pinned API version 2024-06-20): what it
 * answers must parse as Stripe's objects, carry the fields Stripe always sends for the fields in play, and
 * refuse as Stripe refuses.
 */
const KEY = 'sk_test_local_fidelity';
let local: Awaited<ReturnType<typeof startStripe>>;
let stripe: Stripe;

beforeAll(async () => {
  local = await startStripe({ port: 0, secretKey: KEY, payoutEverySeconds: 0 });
  const { port } = new URL(local.url);
  stripe = new Stripe(KEY, {
    apiVersion: '2024-06-20',
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
});
afterAll(() => local.stop());

async function readyAccount() {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    metadata: { charity_id: 'c1' },
  });
  local.engine.setAccountState(account.id, true);
  return account.id;
}

const sessionParams = (destination: string): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  submit_type: 'donate',
  payment_method_types: ['card'],
  success_url: 'http://site/thanks',
  metadata: { donation_id: 'd1' },
  line_items: [
    { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Gift' } } },
  ],
  payment_intent_data: {
    application_fee_amount: 55,
    transfer_data: { destination },
    on_behalf_of: destination,
    metadata: { donation_id: 'd1' },
  },
});

/** A paid session (paid on the engine, as the hosted page does) and its objects, through the client. */
async function paid(card = '4242424242424242') {
  const account = await readyAccount();
  const session = await stripe.checkout.sessions.create(sessionParams(account));
  expect(local.engine.pay(session.id, { number: card, email: 'd@x.org' })).toEqual({ ok: true });
  const intent = await stripe.paymentIntents.retrieve(
    String(local.engine.session(session.id).payment_intent),
    {
      expand: ['latest_charge'],
    },
  );
  return { account, session, intent, charge: intent.latest_charge as Stripe.Charge };
}

describe('the local Stripe, through the official client', () => {
  it("answers the objects' fields as Stripe does, and none Stripe never sends", async () => {
    const { session, intent, charge } = await paid();
    expect(session.payment_method_types).toEqual(['card']);
    expect(session).not.toHaveProperty('payment_intent_data');
    expect(session).not.toHaveProperty('line_items');
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(withItems.line_items).toMatchObject({
      object: 'list',
      has_more: false,
      data: [{ object: 'item', amount_total: 2500, quantity: 1 }],
    });
    expect((await stripe.checkout.sessions.listLineItems(session.id)).data[0]?.description).toBe('Gift');
    expect(intent.status).toBe('succeeded');
    expect(charge).toMatchObject({
      object: 'charge',
      captured: true,
      disputed: false,
      transfer_data: { destination: expect.stringMatching(/^acct_/) },
    });
    expect(charge).not.toHaveProperty('destination');
    const txn = await stripe.balanceTransactions.retrieve(String(charge.balance_transaction));
    expect(txn).toMatchObject({ status: 'available', available_on: expect.any(Number), fee: 58, net: 2442 });
    const transfer = await stripe.transfers.retrieve(String(charge.transfer));
    expect(transfer.reversals).toMatchObject({ object: 'list', data: [], total_count: 0 });
    expect(transfer).toMatchObject({ amount_reversed: 0, reversed: false });
  });

  it('honours expand on the platform account, nested, and refuses a field that cannot be expanded', async () => {
    const { charge } = await paid();
    const deep = await stripe.charges.retrieve(charge.id, {
      expand: ['payment_intent', 'transfer.destination'],
    });
    expect(deep.payment_intent).toMatchObject({ object: 'payment_intent', latest_charge: charge.id });
    expect((deep.transfer as Stripe.Transfer).destination).toMatchObject({ object: 'account' });
    await expect(stripe.charges.retrieve(charge.id, { expand: ['amount'] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'This property cannot be expanded (amount).',
    });
  });

  it('answers an unknown URL with 404 "Unrecognized request URL", even with parameters', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing_here?limit=3'],
      ['POST', '/v1/charges/ch_1/nothing'],
    ]) {
      const res = await fetch(`${local.url}${path}`, { method, headers: { authorization: `Bearer ${KEY}` } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: unknown }).error).toEqual({
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Unrecognized request URL \((GET|POST): \/v1\//),
      });
    }
    await expect(stripe.charges.retrieve('ch_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
  });

  it('saves an idempotent result only when the endpoint ran, and per Stripe-Account', async () => {
    const account = await readyAccount();
    const key = `k-${Math.random()}`;
    // Refused by validation: nothing saved, so the same key with corrected parameters runs.
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams(account), bogus: 1 } as never, {
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'bogus' });
    const first = await stripe.checkout.sessions.create(sessionParams(account), { idempotencyKey: key });
    const again = await stripe.checkout.sessions.create(sessionParams(account), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    // The endpoint ran and refused (an unknown payment intent): that answer is kept for the key.
    const refundKey = `r-${Math.random()}`;
    await expect(
      stripe.refunds.create({ payment_intent: 'pi_nope' }, { idempotencyKey: refundKey }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(
      stripe.refunds.create({ payment_intent: 'pi_other' }, { idempotencyKey: refundKey }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    // The same key under another account is another key.
    const other = await stripe.checkout.sessions
      .create(sessionParams(account), { idempotencyKey: key, stripeAccount: account })
      .catch((e: unknown) => e);
    expect(other).not.toMatchObject({ id: first.id });
  });

  it('honours payment_method_types: cards, and refuses what is not activated or not a method', async () => {
    const account = await readyAccount();
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams(account), payment_method_types: ['bacs_debit'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method_types[0]',
      message: expect.stringContaining('The payment method type "bacs_debit" is invalid'),
    });
    await expect(
      stripe.checkout.sessions.create({
        ...sessionParams(account),
        payment_method_types: ['cheque' as 'card'],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method_types[0]',
    });
  });

  it('lists balance transactions by type, on the platform and on a connected account by payout', async () => {
    const { account, charge } = await paid();
    const charges = await stripe.balanceTransactions.list({ type: 'charge', limit: 100 });
    expect(charges.data.map((t) => t.source)).toContain(charge.id);
    expect(charges.data.every((t) => t.type === 'charge')).toBe(true);
    const payout = local.payouts.payout(account);
    expect(payout?.reconciliation_status).toBe('completed');
    const payments = await stripe.balanceTransactions.list(
      { payout: payout?.id, type: 'payment' },
      { stripeAccount: account },
    );
    expect(payments.data).toEqual([
      expect.objectContaining({ type: 'payment', net: 2445, status: 'available' }),
    ]);
    const none = await stripe.balanceTransactions.list(
      { payout: payout?.id, type: 'payment_refund' },
      { stripeAccount: account },
    );
    expect(none.data).toEqual([]);
    const read = await stripe.payouts.retrieve(String(payout?.id), { stripeAccount: account });
    expect(read).toMatchObject({ object: 'payout', reconciliation_status: 'completed', status: 'paid' });
  });
});
