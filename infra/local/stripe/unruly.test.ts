import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeEngine } from './engine';
import type { StripeEvent } from './model';
import { LocalPayouts } from './payouts';
import { MoneyBack } from './refunds';
import { startStripe } from './server';
import { CALM, unrulyFromEnv } from './unruly';
import { WebhookDelivery } from './webhooks';

/** A webhook endpoint answering after `slowMs`, recording arrivals and the most requests in flight at once. */
async function endpoint(slowMs = 0) {
  const got: { id: string; type: string; at: number }[] = [];
  let inFlight = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    most = Math.max(most, inFlight);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () =>
      setTimeout(() => {
        const event = JSON.parse(body) as StripeEvent;
        got.push({ id: event.id, type: event.type, at: Date.now() });
        inFlight--;
        res.end('{}');
      }, slowMs),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, url, most: () => most, stop: () => new Promise((r) => server.close(r)) };
}

const events = (n: number, tag: string): StripeEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `evt_${tag}${i}`,
    object: 'event',
    api_version: '2024-06-20',
    type: `${tag}.${i}`,
    created: 0,
    livemode: false,
    data: { object: {} },
  }));

describe('unruly delivery', () => {
  it('reads the run switches from LOCAL_STRIPE_UNRULY (pairs or JSON), refusing unknown ones', () => {
    expect(unrulyFromEnv('duplicates,shuffle,parallel=4,delay_ms=3000,async_payments=fail')).toEqual({
      ...CALM,
      duplicates: true,
      shuffle: true,
      parallel: 4,
      delay_ms: 3000,
      async_payments: 'fail',
    });
    expect(unrulyFromEnv('{"parallel":2}').parallel).toBe(2);
    expect(unrulyFromEnv(undefined)).toEqual(CALM);
    expect(() => unrulyFromEnv('paralel=2')).toThrow(/unknown switch/);
    expect(() => unrulyFromEnv('parallel=0')).toThrow(/whole number/);
  });

  it('keeps N deliveries in flight at once, and one at a time by default', async () => {
    const hook = await endpoint(60);
    const delivery = new WebhookDelivery({ platform: { url: hook.url, secret: 'whsec_x' } });
    delivery.deliver(events(6, 'calm'));
    await delivery.settled();
    expect(hook.most()).toBe(1);
    expect(hook.got.map((e) => e.type)).toEqual(events(6, 'calm').map((e) => e.type));
    delivery.options = { ...CALM, parallel: 3 };
    delivery.deliver(events(9, 'parallel'));
    await delivery.settled();
    expect(hook.most()).toBe(3);
    expect(hook.got).toHaveLength(15);
    await hook.stop();
  });

  it('sends late, twice, and shuffled across changes', async () => {
    const hook = await endpoint();
    const delivery = new WebhookDelivery({ platform: { url: hook.url, secret: 'whsec_x' } });
    delivery.options = { ...CALM, duplicates: true, shuffle: true, parallel: 2, delay_ms: 400 };
    const start = Date.now();
    // Two changes, one after the other: with shuffle their events interleave.
    delivery.deliver(events(10, 'first'));
    delivery.deliver(events(10, 'second'));
    await delivery.settled();
    expect(hook.got).toHaveLength(40);
    const ids = hook.got.map((e) => e.id);
    expect(new Set(ids).size).toBe(20);
    for (const id of new Set(ids)) expect(ids.filter((x) => x === id)).toHaveLength(2);
    const lastFirst = Math.max(...hook.got.flatMap((e, i) => (e.type.startsWith('first') ? [i] : [])));
    const firstSecond = hook.got.findIndex((e) => e.type.startsWith('second'));
    expect(firstSecond).toBeLessThan(lastFirst);
    // Late: spread over the delay, not all at once.
    const spread = Math.max(...hook.got.map((e) => e.at)) - start;
    expect(spread).toBeGreaterThan(150);
    await hook.stop();
  });

  it('is switched per test through /_local/unruly, back to the run settings for what it does not name', async () => {
    const local = await startStripe({ port: 0, secretKey: 'sk_u', unruly: { ...CALM, parallel: 5 } });
    const post = (body: unknown) =>
      fetch(`${local.url}/_local/unruly`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_u' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    expect((await post({ duplicates: true })).body).toMatchObject({ duplicates: true, parallel: 5 });
    expect(local.delivery.options).toMatchObject({ duplicates: true, parallel: 5 });
    expect((await post({ async_payments: 'succeed' })).body).toMatchObject({
      duplicates: false,
      async_payments: 'succeed',
    });
    expect(local.engine.unruly.async_payments).toBe('succeed');
    expect((await post({ parallel: 'many' })).status).toBe(400);
    await local.stop();
  });
});

/** A ready account and an open £25 session on a bare engine. */
function setUp() {
  const sent: StripeEvent[] = [];
  const engine = new StripeEngine(
    () => 'http://stripe.local',
    (batch) => sent.push(...batch),
  );
  const account = engine.createAccount({ metadata: {} }).id;
  engine.setAccountState(account, true);
  const session = engine.createCheckoutSession({
    success_url: 'http://site/thanks',
    metadata: { donation_id: 'd1' },
    line_items: [{ name: 'Donation', unit_amount: 2500, quantity: 1, currency: 'gbp' }],
    payment_intent_data: {
      application_fee_amount: 55,
      destination: account,
      metadata: { donation_id: 'd1' },
    },
  });
  sent.length = 0;
  const types = () => sent.splice(0).map((e) => e.type);
  return { engine, money: new MoneyBack(engine), account, session, sent, types };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('what Stripe does later', () => {
  it('completes a session unpaid, then the payment succeeds (async_payments)', async () => {
    const { engine, session, types, sent } = setUp();
    engine.unruly = { ...CALM, async_payments: 'succeed', async_after_ms: 20 };
    expect(engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org' })).toEqual({ ok: true });
    expect(sent[0]?.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(types()).toEqual(['checkout.session.completed', 'payment_intent.processing']);
    expect(engine.charges.size).toBe(0);
    await tick(60);
    expect(sent[0]?.data.object).toMatchObject({ payment_status: 'paid' });
    expect(types()).toEqual([
      'checkout.session.async_payment_succeeded',
      'payment_intent.succeeded',
      'charge.succeeded',
      'charge.updated',
    ]);
    expect(engine.charges.size).toBe(1);
  });

  it('completes a session unpaid, then the payment fails: no charge (settled by the switch)', () => {
    const { engine, session, types } = setUp();
    engine.unruly = { ...CALM, async_payments: 'fail', async_after_ms: 0 };
    engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org' });
    types();
    engine.settleAsync(session.id, false);
    expect(types()).toEqual(['checkout.session.async_payment_failed', 'payment_intent.payment_failed']);
    expect(engine.session(session.id).payment_status).toBe('unpaid');
    expect(engine.charges.size).toBe(0);
    expect(() => engine.settleAsync(session.id, true)).toThrow(/no payment in progress/);
  });

  it('refunds the 5126 card, then the refund fails: the charge is unrefunded again', async () => {
    const { engine, money, session, types, sent } = setUp();
    engine.unruly = { ...CALM, refund_fail_after_ms: 20 };
    engine.pay(session.id, { number: '4000000000005126', email: 'd@x.org' });
    const charge = [...engine.charges.values()][0];
    types();
    const refund = money.createRefund({ charge: charge?.id ?? '', reverse_transfer: 'true' });
    expect(refund.status).toBe('succeeded');
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2500 });
    expect(types()).toEqual(['refund.created', 'charge.refunded']);
    await tick(60);
    expect(types()).toEqual(['charge.refund.updated', 'refund.updated', 'refund.failed']);
    expect(refund).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(charge).toMatchObject({ refunded: false, amount_refunded: 0 });
    const back = engine.balance.get(refund.failure_balance_transaction ?? '');
    expect(back).toMatchObject({ type: 'refund_failure', amount: 2500 });
    expect(sent).toHaveLength(0);
  });

  it('keeps a 4242 refund succeeded', async () => {
    const { engine, money, session, types } = setUp();
    engine.unruly = { ...CALM, refund_fail_after_ms: 5 };
    engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org' });
    money.createRefund({ charge: [...engine.charges.keys()][0] ?? '' });
    await tick(30);
    expect(types().filter((t) => t.startsWith('refund.') || t.startsWith('charge.refund'))).toEqual([
      'refund.created',
      'charge.refunded',
    ]);
  });

  it('runs disputes through every status: an inquiry moves no money, a chargeback does, won gives it back', () => {
    const { engine, money, session, types } = setUp();
    engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org' });
    const charge = [...engine.charges.values()][0]?.id ?? '';
    types();
    const inquiry = money.openDispute(charge, 'fraudulent', true);
    expect(inquiry).toMatchObject({
      status: 'warning_needs_response',
      balance_transactions: [],
      is_charge_refundable: true,
    });
    expect(inquiry.evidence).toMatchObject({ receipt: null, uncategorized_text: null });
    expect(money.moveDispute(inquiry.id, 'warning_under_review').evidence_details.submission_count).toBe(1);
    expect(types()).toEqual(['charge.dispute.created', 'charge.dispute.updated']);
    // Escalated to a chargeback: the money and the fee leave the platform's balance.
    money.moveDispute(inquiry.id, 'needs_response');
    expect(types()).toEqual(['charge.dispute.updated', 'charge.dispute.funds_withdrawn']);
    expect(inquiry.balance_transactions).toEqual([expect.objectContaining({ amount: -2500, fee: 2000 })]);
    expect(() => money.createRefund({ charge })).toThrow(/charged back/);
    money.moveDispute(inquiry.id, 'under_review');
    expect(() => money.moveDispute(inquiry.id, 'warning_closed')).toThrow(/cannot go from under_review/);
    money.closeDispute(inquiry.id, 'won');
    expect(types()).toEqual([
      'charge.dispute.updated',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect(inquiry.balance_transactions.map((t) => t.amount)).toEqual([-2500, 2500]);

    const other = setUp();
    other.engine.pay(other.session.id, { number: '4242424242424242', email: 'd@x.org' });
    const second = [...other.engine.charges.keys()][0] ?? '';
    const closed = other.money.openDispute(second, 'general', true);
    other.money.closeDispute(closed.id, 'warning_closed');
    expect(closed.balance_transactions).toEqual([]);
    other.types();
    // An inquiry leaves the charge refundable.
    expect(other.money.createRefund({ charge: second }).status).toBe('succeeded');
    const lost = setUp();
    lost.engine.pay(lost.session.id, { number: '4242424242424242', email: 'd@x.org' });
    lost.types();
    const d = lost.money.openDispute([...lost.engine.charges.keys()][0] ?? '');
    lost.money.closeDispute(d.id, 'lost');
    expect(lost.types()).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
    ]);
  });

  it('reconciles an automatic payout later: its lines are listed only once it has completed', async () => {
    const { engine, session, account, sent } = setUp();
    engine.unruly = { ...CALM, reconciliation_after_ms: 30 };
    engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org' });
    const delivered: StripeEvent[] = [];
    const payouts = new LocalPayouts(engine, (batch) => delivered.push(...batch));
    const payout = payouts.payout(account);
    expect(payout?.reconciliation_status).toBe('in_progress');
    const list = () =>
      (
        payouts.api('GET', '/v1/balance_transactions', { payout: payout?.id ?? '' }, account) as {
          data: unknown[];
        }
      ).data;
    expect(list()).toEqual([]);
    await tick(80);
    expect(delivered.map((e) => e.type)).toEqual(['payout.paid', 'payout.reconciliation_completed']);
    expect(delivered[1]).toMatchObject({ account, data: { object: { reconciliation_status: 'completed' } } });
    expect(list()).toHaveLength(2);
    expect(payouts.payout(account, { automatic: false })).toBeNull();
    sent.length = 0;
  });
});
