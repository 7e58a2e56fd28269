import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { close, listen, readBody, sendJson } from '../http';
import { StripeEngine, StripeRefusal } from './engine';
import { decodeForm, type FormError, type FormObject } from './form';
import { cardProblem, checkoutPage, onboardingPage } from './pages';
import { checkParams, field, type Shape } from './params';
import { LocalPayouts } from './payouts';
import { MoneyBack, REFUND_SHAPE } from './refunds';
import { type Endpoint, WebhookDelivery } from './webhooks';

const text = field('string');
const metadata = field('metadata');
const ACCOUNT: Shape = {
  type: field({ enum: ['express', 'standard', 'custom'] }),
  country: text,
  email: text,
  business_type: field({ enum: ['company', 'government_entity', 'individual', 'non_profit'] }),
  capabilities: field({
    object: {
      card_payments: field({ object: { requested: field('boolean') } }),
      transfers: field({ object: { requested: field('boolean') } }),
    },
  }),
  metadata,
};
const ACCOUNT_LINK: Shape = {
  account: field('string', true),
  type: field({ enum: ['account_onboarding', 'account_update'] }, true),
  refresh_url: text,
  return_url: text,
};
const CHECKOUT: Shape = {
  mode: field({ enum: ['payment', 'setup', 'subscription'] }, true),
  submit_type: field({ enum: ['auto', 'book', 'donate', 'pay'] }),
  success_url: field('string', true),
  cancel_url: text,
  customer_email: text,
  client_reference_id: text,
  expires_at: field('integer'),
  metadata,
  line_items: field(
    {
      array: {
        object: {
          quantity: field('integer', true),
          price_data: field(
            {
              object: {
                currency: field('string', true),
                unit_amount: field('integer', true),
                product_data: field({ object: { name: field('string', true) } }, true),
              },
            },
            true,
          ),
        },
      },
    },
    true,
  ),
  payment_intent_data: field({
    object: {
      application_fee_amount: field('integer'),
      on_behalf_of: text,
      transfer_data: field({ object: { destination: field('string', true) } }),
      statement_descriptor_suffix: text,
      metadata,
    },
  }),
};

type Json = Record<string, unknown>;
const str = (o: FormObject, k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
const obj = (o: FormObject, k: string) =>
  typeof o[k] === 'object' && !Array.isArray(o[k]) ? (o[k] as FormObject) : {};
const meta = (o: FormObject) => obj(o, 'metadata') as Record<string, string>;
const int = (value: string | undefined) => (value === undefined ? undefined : Number(value));

export interface StripeStandInOptions {
  port: number;
  /** The stand-in's own public URL (hosted pages and links point here). */
  publicUrl?: string;
  secretKey: string;
  platform?: Endpoint;
  connect?: Endpoint;
  /** Automatic payouts of every connected account, this often (Stripe's daily schedule); 0 turns them off. */
  payoutEverySeconds?: number;
}

/** An idempotent request remembered for 24 hours (as at Stripe): its parameters' digest and its answer. */
interface Remembered {
  digest: string;
  status: number;
  body: unknown;
  at: number;
}

function sameKey(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The local Stripe: the REST API Kindred calls (form-encoded, bearer secret key, Idempotency-Key, Stripe's
 * error shapes), the hosted Checkout and onboarding pages, and signed webhook delivery.
 */
export async function startStripe(options: StripeStandInOptions) {
  let port = options.port;
  const publicUrl = () => options.publicUrl ?? `http://127.0.0.1:${port}`;
  const delivery = new WebhookDelivery({ platform: options.platform, connect: options.connect });
  const engine = new StripeEngine(publicUrl, (events) => delivery.deliver(events));
  const money = new MoneyBack(engine);
  const payouts = new LocalPayouts(engine, (events) => delivery.deliver(events));
  const payoutEvery = options.payoutEverySeconds ?? 86_400;
  const payoutTimer = payoutEvery > 0 ? setInterval(() => payouts.payoutAll(), payoutEvery * 1000) : null;
  payoutTimer?.unref();
  const remembered = new Map<string, Remembered>();

  function api(method: string, path: string, form: FormObject): unknown {
    const parts = path.split('/').filter(Boolean);
    const route = `${method} /${parts.map((p, i) => (i >= 2 && /_/.test(p) ? ':id' : p)).join('/')}`;
    const id = parts.find((p, i) => i >= 2 && /_/.test(p)) ?? '';
    const shapeFor: Record<string, Shape> = {
      'POST /v1/accounts': ACCOUNT,
      'POST /v1/account_links': ACCOUNT_LINK,
      'POST /v1/checkout/sessions': CHECKOUT,
      'POST /v1/refunds': REFUND_SHAPE,
    };
    const shape = shapeFor[route] ?? (method === 'GET' || route.endsWith('/expire') ? {} : undefined);
    if (!shape)
      throw new StripeRefusal(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const problem = checkParams(shape, form);
    if (problem)
      throw new StripeRefusal(400, 'invalid_request_error', problem.message, problem.code, problem.param);
    switch (route) {
      case 'POST /v1/accounts':
        return engine.createAccount({
          email: str(form, 'email'),
          business_type: str(form, 'business_type'),
          metadata: meta(form),
        });
      case 'GET /v1/accounts/:id':
        return engine.account(id);
      case 'POST /v1/account_links':
        return engine.createAccountLink({
          account: str(form, 'account') ?? '',
          refresh_url: str(form, 'refresh_url') ?? publicUrl(),
          return_url: str(form, 'return_url') ?? publicUrl(),
        });
      case 'POST /v1/checkout/sessions': {
        const pid = obj(form, 'payment_intent_data');
        const items = (form.line_items as FormObject[]).map((item) => {
          const price = obj(item, 'price_data');
          return {
            name: str(obj(price, 'product_data'), 'name') ?? '',
            unit_amount: Number(str(price, 'unit_amount')),
            quantity: Number(str(item, 'quantity')),
            currency: (str(price, 'currency') ?? '').toLowerCase(),
          };
        });
        return engine.createCheckoutSession({
          success_url: str(form, 'success_url') ?? '',
          cancel_url: str(form, 'cancel_url'),
          customer_email: str(form, 'customer_email'),
          client_reference_id: str(form, 'client_reference_id'),
          submit_type: str(form, 'submit_type'),
          expires_at: int(str(form, 'expires_at')),
          metadata: meta(form),
          line_items: items,
          payment_intent_data: {
            application_fee_amount: int(str(pid, 'application_fee_amount')),
            destination: str(obj(pid, 'transfer_data'), 'destination'),
            on_behalf_of: str(pid, 'on_behalf_of'),
            metadata: meta(pid),
          },
        });
      }
      case 'GET /v1/checkout/sessions/:id':
        return engine.session(id);
      case 'POST /v1/checkout/sessions/:id/expire':
        return engine.expire(id);
      case 'GET /v1/charges/:id':
        return engine.retrieve('charge', id);
      case 'GET /v1/payment_intents/:id':
        return engine.retrieve('payment_intent', id);
      case 'GET /v1/balance_transactions/:id':
        return engine.retrieve('balance_transaction', id);
      case 'GET /v1/transfers/:id':
        return engine.retrieve('transfer', id);
      default: {
        // Refunds and disputes (`refunds.ts`).
        const answer = money.api(route, id, form);
        if (answer !== undefined) return answer;
        throw new StripeRefusal(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${path}).`,
        );
      }
    }
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key)
      return sendError(
        res,
        new StripeRefusal(
          401,
          'invalid_request_error',
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ),
      );
    if (!sameKey(key, options.secretKey))
      return sendError(
        res,
        new StripeRefusal(
          401,
          'invalid_request_error',
          `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        ),
      );
    const body = (await readBody(req, 1_000_000))?.toString('utf8');
    if (body === undefined)
      return sendError(res, new StripeRefusal(413, 'invalid_request_error', 'Request too large.'));
    const method = req.method ?? 'GET';
    if (
      method === 'POST' &&
      body &&
      !/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')
    )
      return sendError(
        res,
        new StripeRefusal(
          400,
          'invalid_request_error',
          'Invalid request: unsupported Content-Type. If error persists and you need assistance, please contact support.',
        ),
      );
    let form: FormObject;
    try {
      form = decodeForm(method === 'GET' ? url.search.slice(1) : body);
    } catch (error) {
      const e = error as FormError;
      return sendError(res, new StripeRefusal(400, 'invalid_request_error', e.message, undefined, e.param));
    }
    const idempotencyKey =
      method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const digest = createHash('sha256').update(`${method} ${url.pathname} ${body}`).digest('hex');
    if (idempotencyKey !== undefined) {
      if (idempotencyKey.length > 255)
        return sendError(
          res,
          new StripeRefusal(
            400,
            'invalid_request_error',
            'Idempotency key is too long: it must be at most 255 characters.',
          ),
        );
      const earlier = remembered.get(idempotencyKey);
      if (earlier && earlier.at > Date.now() - 86_400_000) {
        if (earlier.digest !== digest)
          return sendError(
            res,
            new StripeRefusal(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            ),
          );
        return sendJson(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let answer: unknown;
    try {
      const account = req.headers['stripe-account'];
      answer =
        payouts.api(method, url.pathname, form, typeof account === 'string' ? account : undefined) ??
        api(method, url.pathname, form);
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      status = error.status;
      answer = errorBody(error);
    }
    // Stripe keeps the answer to a key unless the request failed validation before it ran (400s are kept too).
    if (idempotencyKey !== undefined)
      remembered.set(idempotencyKey, { digest, status, body: answer, at: Date.now() });
    return sendJson(res, status, answer);
  }

  async function handlePage(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const checkout = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
    const setup = /^\/setup\/e\/([\w]+)$/.exec(url.pathname);
    const html = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(content);
    };
    if (checkout) {
      const session = engine.sessions.get(checkout[1] ?? '');
      if (!session) return html(404, 'Not found');
      engine.expireIfDue(session);
      if (req.method !== 'POST') return html(200, checkoutPage(session));
      const form = new URLSearchParams((await readBody(req, 100_000))?.toString('utf8') ?? '');
      const problem = cardProblem(form);
      if (problem) return html(400, checkoutPage(session, problem));
      const paid = engine.pay(session.id, {
        number: (form.get('cardNumber') ?? '').replace(/\s+/g, ''),
        email: form.get('email') ?? '',
        name: form.get('billingName') ?? '',
      });
      if (!paid.ok) return html(402, checkoutPage(session, paid.message));
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    if (setup) {
      const link = engine.links.get(setup[1] ?? '');
      if (!link) return html(404, 'Not found');
      if (req.method !== 'POST') {
        if (link.used) {
          res.writeHead(303, { location: link.refresh_url });
          return res.end();
        }
        return html(200, onboardingPage(engine.accounts.get(link.account)?.email ?? null));
      }
      res.writeHead(303, { location: engine.completeOnboarding(link.id) });
      return res.end();
    }
    html(404, 'Not found');
  }

  /** Test switches, behind the secret key: delivery order and duplicates, an account's charges. */
  async function handleLocal(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key || !sameKey(key, options.secretKey)) return sendJson(res, 401, { error: 'secret key required' });
    const body = JSON.parse((await readBody(req, 10_000))?.toString('utf8') || '{}') as Json;
    if (url.pathname === '/_local/delivery') {
      delivery.options = { duplicates: body.duplicates === true, shuffle: body.shuffle === true };
      return sendJson(res, 200, delivery.options);
    }
    const account = /^\/_local\/accounts\/(acct_\w+)$/.exec(url.pathname);
    if (account) return sendJson(res, 200, engine.setAccountState(account[1] ?? '', body.enabled === true));
    // Disputes: open one on a charge (`{ charge, reason? }`), close it (`{ outcome: 'won' | 'lost' }`).
    if (url.pathname === '/_local/disputes')
      return sendJson(
        res,
        200,
        money.openDispute(String(body.charge ?? ''), body.reason as string | undefined),
      );
    const dispute = /^\/_local\/disputes\/(dp_\w+)\/close$/.exec(url.pathname);
    if (dispute)
      return sendJson(
        res,
        200,
        money.closeDispute(dispute[1] ?? '', body.outcome === 'won' ? 'won' : 'lost'),
      );
    // Payouts (issue 33): one account's available balance now (`fail`: the bank refuses it), or every account's.
    if (url.pathname === '/_local/payouts') {
      const one = typeof body.account === 'string' ? body.account : null;
      const made = one ? [payouts.payout(one, { fail: body.fail === true })] : payouts.payoutAll();
      return sendJson(res, 200, { payouts: made.filter(Boolean) });
    }
    if (url.pathname === '/_local/settled') {
      await delivery.settled();
      return sendJson(res, 200, { settled: true });
    }
    sendJson(res, 404, { error: 'not found' });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const handler = url.pathname.startsWith('/v1/')
      ? handleApi
      : url.pathname.startsWith('/_local/')
        ? handleLocal
        : handlePage;
    handler(req, res, url).catch((error) => {
      if (error instanceof StripeRefusal) return sendError(res, error);
      sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    });
  });
  await listen(server, options.port);
  port = (server.address() as AddressInfo).port;
  return {
    url: publicUrl(),
    engine,
    money,
    delivery,
    payouts,
    stop: async () => {
      if (payoutTimer) clearInterval(payoutTimer);
      delivery.stop();
      await close(server);
    },
  };
}

function errorBody(error: StripeRefusal) {
  return {
    error: {
      type: error.type,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.param ? { param: error.param } : {}),
    },
  };
}

function sendError(res: http.ServerResponse, error: StripeRefusal) {
  sendJson(res, error.status, errorBody(error));
}
