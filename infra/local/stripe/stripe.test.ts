import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm } from './form';
import { stripeCardFee } from './model';
import { startStripe } from './server';
import { signatureHeader } from './webhooks';

const KEY = 'sk_test_local_unit';
const SECRET = 'whsec_unit_platform';
const CONNECT_SECRET = 'whsec_unit_connect';

/** A webhook endpoint that records what it receives. */
async function receiver() {
  const got: { path: string; signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', signature: String(req.headers['stripe-signature']), body });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, url, stop: () => new Promise((r) => server.close(r)) };
}

let stripe: Awaited<ReturnType<typeof startStripe>>;
let hooks: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  hooks = await receiver();
  stripe = await startStripe({
    port: 0,
    secretKey: KEY,
    platform: { url: `${hooks.url}/platform`, secret: SECRET },
    connect: { url: `${hooks.url}/connect`, secret: CONNECT_SECRET },
  });
});
afterAll(async () => {
  await stripe.stop();
  await hooks.stop();
});

function call(method: string, path: string, form?: string, headers: Record<string, string> = {}) {
  return fetch(`${stripe.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...headers,
    },
    body: form,
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, any>,
    headers: r.headers,
  }));
}

async function readyAccount(): Promise<string> {
  const account = await call('POST', '/v1/accounts', 'type=express&country=GB&email=a%40b.org');
  const link = await call(
    'POST',
    '/v1/account_links',
    `account=${account.body.id}&type=account_onboarding&return_url=http%3A%2F%2Fx%2Fback&refresh_url=http%3A%2F%2Fx%2Fagain`,
  );
  const done = await fetch(link.body.url, { method: 'POST', redirect: 'manual' });
  expect(done.headers.get('location')).toBe('http://x/back');
  return account.body.id;
}

function sessionForm(destination: string, extra = '') {
  return (
    [
      'mode=payment',
      'submit_type=donate',
      'success_url=http%3A%2F%2Fsite%2Fthanks%3Fs%3D%7BCHECKOUT_SESSION_ID%7D',
      'cancel_url=http%3A%2F%2Fsite%2Fback',
      'line_items[0][quantity]=1',
      'line_items[0][price_data][currency]=gbp',
      'line_items[0][price_data][unit_amount]=2500',
      'line_items[0][price_data][product_data][name]=Donation',
      'payment_intent_data[application_fee_amount]=55',
      `payment_intent_data[transfer_data][destination]=${destination}`,
      `payment_intent_data[on_behalf_of]=${destination}`,
      'payment_intent_data[metadata][donation_id]=d1',
      'metadata[donation_id]=d1',
    ].join('&') + extra
  );
}

describe('the local Stripe', () => {
  it('decodes the bracket syntax into nested values and arrays', () => {
    expect(decodeForm('a[b][0][c]=1&a[b][1][c]=2&x=y')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      x: 'y',
    });
    expect(() => decodeForm('a=1&a[b]=2')).toThrow();
    expect(() => decodeForm('a[1]=x')).toThrow();
  });

  it('refuses a missing or wrong key with Stripe’s 401', async () => {
    const none = await fetch(`${stripe.url}/v1/accounts/acct_x`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.message).toMatch(/did not provide an API key/);
    const wrong = await call('GET', '/v1/accounts/acct_x', undefined, {
      authorization: 'Bearer sk_test_wrongwrong',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/Invalid API Key provided: sk_test_\*+rong/);
  });

  it('refuses unknown and missing parameters as Stripe does', async () => {
    const unknown = await call('POST', '/v1/accounts', 'type=express&colour=blue');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'colour',
    });
    const nested = await call(
      'POST',
      '/v1/checkout/sessions',
      sessionForm('acct_x', '&payment_intent_data[tip]=1'),
    );
    expect(nested.body.error).toMatchObject({ code: 'parameter_unknown', param: 'payment_intent_data[tip]' });
    const missing = await call('POST', '/v1/account_links', 'type=account_onboarding');
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'account' });
  });

  it('refuses a total under 30p, a destination that cannot take charges, and a reused idempotency key', async () => {
    const account = await readyAccount();
    const small = await call(
      'POST',
      '/v1/checkout/sessions',
      sessionForm(account)
        .replace('unit_amount]=2500', 'unit_amount]=29')
        .replace('application_fee_amount]=55', 'application_fee_amount]=0'),
    );
    expect(small.body.error.code).toBe('amount_too_small');
    const fresh = await call('POST', '/v1/accounts', 'type=express');
    const unready = await call('POST', '/v1/checkout/sessions', sessionForm(fresh.body.id));
    expect(unready.status).toBe(400);
    const first = await call('POST', '/v1/checkout/sessions', sessionForm(account), {
      'idempotency-key': 'k1',
    });
    const again = await call('POST', '/v1/checkout/sessions', sessionForm(account), {
      'idempotency-key': 'k1',
    });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call(
      'POST',
      '/v1/checkout/sessions',
      sessionForm(account, '&customer_email=x%40y.org'),
      { 'idempotency-key': 'k1' },
    );
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
  });

  it('a paid session moves the money as a destination charge and sends signed events', async () => {
    const account = await readyAccount();
    const session = await call('POST', '/v1/checkout/sessions', sessionForm(account));
    expect(session.body.url).toMatch(/\/c\/pay\//);
    const page = await (await fetch(session.body.url)).text();
    for (const label of ['Email', 'Card number', 'Expiry date', 'CVC', 'Cardholder name'])
      expect(page).toContain(`>${label}</label>`);
    expect(page).toContain('>Donate</button>');

    const pay = (card: string) =>
      fetch(session.body.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: 'd@e.org',
          cardNumber: card,
          cardExpiry: '12 / 40',
          cardCvc: '123',
          billingName: 'D E',
        }),
      });
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await pay('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://site/thanks?s=${session.body.id}`);

    await stripe.delivery.settled();
    const platform = hooks.got.filter((h) => h.path === '/platform').map((h) => JSON.parse(h.body));
    const types = platform.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'payment_intent.payment_failed',
        'checkout.session.completed',
        'charge.updated',
      ]),
    );
    const completed = platform.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === session.body.id,
    );
    expect(completed.data.object).toMatchObject({
      payment_status: 'paid',
      amount_total: 2500,
      metadata: { donation_id: 'd1' },
    });
    for (const hook of hooks.got) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.signature) ?? [];
      const secret = hook.path === '/platform' ? SECRET : CONNECT_SECRET;
      expect(createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex')).toBe(v1);
    }
    expect(
      hooks.got.some((h) => h.path === '/connect' && JSON.parse(h.body).type === 'account.updated'),
    ).toBe(true);

    const updated = platform.find(
      (e) =>
        e.type === 'charge.updated' && e.data.object.payment_intent === completed.data.object.payment_intent,
    );
    const txn = await call('GET', `/v1/balance_transactions/${updated.data.object.balance_transaction}`);
    expect(txn.body).toMatchObject({
      amount: 2500,
      fee: stripeCardFee(2500),
      net: 2500 - stripeCardFee(2500),
    });
    const transfer = await call('GET', `/v1/transfers/${updated.data.object.transfer}`);
    expect(transfer.body).toMatchObject({ amount: 2500 - 55, destination: account });
  });

  it('prices cards by Stripe’s UK list: 1.5% + 20p, half up', () => {
    expect(stripeCardFee(10000)).toBe(170);
    expect(stripeCardFee(2500)).toBe(58);
    expect(stripeCardFee(1033)).toBe(35);
  });

  it('signs exactly as Stripe documents', () => {
    const header = signatureHeader('whsec_x', '{"a":1}', 1700000000);
    expect(header).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });
});
