import { StripeEngine } from './engine';
import type { StripeEvent } from './model';
import { MoneyBack } from './refunds';
import { startStripe } from './server';

/** A paid destination charge of £25 (£0.55 application fee) to a ready account, straight on the engine. */
function paidCharge() {
  const events: StripeEvent[] = [];
  const engine = new StripeEngine(
    () => 'http://stripe.local',
    (batch) => events.push(...batch),
  );
  const account = engine.createAccount({ metadata: {} });
  engine.setAccountState(account.id, true);
  const session = engine.createCheckoutSession({
    success_url: 'http://site/thanks',
    metadata: { donation_id: 'd1' },
    line_items: [{ name: 'Donation', unit_amount: 2500, quantity: 1, currency: 'gbp' }],
    payment_intent_data: {
      application_fee_amount: 55,
      destination: account.id,
      on_behalf_of: account.id,
      metadata: { donation_id: 'd1' },
    },
  });
  expect(engine.pay(session.id, { number: '4242424242424242', email: 'd@x.org', name: ' Ada L ' })).toEqual({
    ok: true,
  });
  expect(engine.sessions.get(session.id)?.customer_details).toEqual({ email: 'd@x.org', name: 'Ada L' });
  const intent = engine.intents.get(session.payment_intent as string);
  const charge = engine.charges.get(intent?.latest_charge as string);
  events.length = 0;
  return {
    engine,
    money: new MoneyBack(engine),
    events,
    charge: charge!,
    intent: intent!,
    account: account.id,
  };
}

describe("the local Stripe's refunds", () => {
  it('refunds the whole charge by payment intent: transfer reversed, fee returned, charge.refunded sent', () => {
    const { money, events, charge, intent, engine, account } = paidCharge();
    const refund = money.createRefund({
      payment_intent: intent.id,
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      metadata: { donation_id: 'd1' },
    });
    expect(refund).toMatchObject({ amount: 2500, charge: charge.id, status: 'succeeded' });
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2500 });
    const transfer = engine.transfers.get(charge.transfer as string);
    expect(transfer).toMatchObject({ amount: 2445, amount_reversed: 2445, reversed: true });
    const connected = [...engine.balance.values()].filter((t) => t.account === account);
    expect(connected).toEqual([expect.objectContaining({ type: 'payment_refund', amount: -2445 })]);
    expect(money.feeRefunded.get(charge.application_fee as string)).toBe(55);
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    expect(events[1]?.data.object).toMatchObject({
      refunded: true,
      amount_refunded: 2500,
      metadata: { donation_id: 'd1' },
    });
  });

  it('refuses what Stripe refuses: no charge named, an unknown one, too much, twice, a disputed charge', () => {
    const { money, charge } = paidCharge();
    const code = (form: Record<string, string>) => {
      try {
        money.createRefund(form);
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return 'refunded';
    };
    expect(code({})).toBe('parameter_missing');
    expect(code({ payment_intent: 'pi_nope' })).toBe('resource_missing');
    expect(code({ charge: 'ch_nope' })).toBe('resource_missing');
    expect(code({ charge: charge.id, amount: '2501' })).toBe('amount_too_large');
    expect(code({ charge: charge.id, amount: '1000' })).toBe('refunded');
    expect(code({ charge: charge.id, amount: '1501' })).toBe('amount_too_large');
    expect(code({ charge: charge.id })).toBe('refunded');
    expect(code({ charge: charge.id })).toBe('charge_already_refunded');

    const disputed = paidCharge();
    const dispute = disputed.money.openDispute(disputed.charge.id);
    expect(disputed.events.map((e) => e.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
    expect(() => disputed.money.createRefund({ charge: disputed.charge.id })).toThrow(/charged back/);
    disputed.money.closeDispute(dispute.id, 'won');
    expect(disputed.events.map((e) => e.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect(() => disputed.money.closeDispute(dispute.id, 'lost')).toThrow(/already closed/);
  });
});

describe("the local Stripe's refund endpoint", () => {
  it('checks parameters and honours Idempotency-Key (same key, other parameters: refused)', async () => {
    const stripe = await startStripe({ port: 0, secretKey: 'sk_test_refunds' });
    try {
      const post = (body: string, key?: string) =>
        fetch(`${stripe.url}/v1/refunds`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer sk_test_refunds',
            'content-type': 'application/x-www-form-urlencoded',
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body,
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, never> }));
      expect((await post('payment_intent=pi_x&bogus=1')).body).toMatchObject({
        error: { code: 'parameter_unknown', param: 'bogus' },
      });
      expect((await post('payment_intent=pi_x&reverse_transfer=yes')).status).toBe(400);
      const first = await post('payment_intent=pi_x', 'k1');
      expect(first).toMatchObject({ status: 400, body: { error: { code: 'resource_missing' } } });
      expect((await post('payment_intent=pi_y', 'k1')).body).toMatchObject({
        error: { type: 'idempotency_error' },
      });
    } finally {
      await stripe.stop();
    }
  });
});
