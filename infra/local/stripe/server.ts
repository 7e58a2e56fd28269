import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { close, listen, readBody, sendJson } from '../http';
import { StripeEngine, StripeRefusal } from './engine';
import { decodeForm, type FormError, type FormObject } from './form';
import { handlePage } from './pages';
import { LocalPayouts } from './payouts';
import { MoneyBack } from './refunds';
import { prepare } from './routes';
import { handleSwitch } from './switches';
import { type Unruly, unrulyFromEnv } from './unruly';
import { type Endpoint, WebhookDelivery } from './webhooks';

export interface StripeStandInOptions {
  port: number;
  /** The stand-in's own public URL (hosted pages and links point here). */
  publicUrl?: string;
  secretKey: string;
  platform?: Endpoint;
  connect?: Endpoint;
  /** Automatic payouts of every connected account, this often (Stripe's daily schedule); 0 turns them off. */
  payoutEverySeconds?: number;
  /** The run's unruly switches (default: `LOCAL_STRIPE_UNRULY`, read now; see `unruly.ts`). */
  unruly?: Unruly;
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

const invalid = (message: string, status = 400) =>
  new StripeRefusal(status, 'invalid_request_error', message);

/**
 * The local Stripe: the REST API Kindred calls (form-encoded, bearer secret key, Idempotency-Key, Stripe's
 * error shapes; the routes in `routes.ts`), the hosted Checkout and onboarding pages (`pages.ts`), signed
 * webhook delivery (`webhooks.ts`) and the test switches (`switches.ts`).
 */
export async function startStripe(options: StripeStandInOptions) {
  let port = options.port;
  const publicUrl = () => options.publicUrl ?? `http://127.0.0.1:${port}`;
  const run = options.unruly ?? unrulyFromEnv(process.env.LOCAL_STRIPE_UNRULY);
  const delivery = new WebhookDelivery({ platform: options.platform, connect: options.connect });
  delivery.options = run;
  const engine = new StripeEngine(publicUrl, (events) => delivery.deliver(events));
  engine.unruly = run;
  const money = new MoneyBack(engine);
  const payouts = new LocalPayouts(engine, (events) => delivery.deliver(events));
  const parts = { engine, money, payouts, publicUrl };
  const payoutEvery = options.payoutEverySeconds ?? 86_400;
  const payoutTimer = payoutEvery > 0 ? setInterval(() => payouts.payoutAll(), payoutEvery * 1000) : null;
  payoutTimer?.unref();
  /** By `Stripe-Account` (empty: the platform) and key: Stripe scopes keys per account. */
  const remembered = new Map<string, Remembered>();

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key)
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        401,
      );
    if (!sameKey(key, options.secretKey))
      throw invalid(
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        401,
      );
    const body = (await readBody(req, 1_000_000))?.toString('utf8');
    if (body === undefined) throw invalid('Request too large.', 413);
    const method = req.method ?? 'GET';
    if (
      method === 'POST' &&
      body &&
      !/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')
    )
      throw invalid(
        'Invalid request: unsupported Content-Type. If error persists and you need assistance, please contact support.',
      );
    let form: FormObject;
    try {
      form = decodeForm(method === 'GET' ? url.search.slice(1) : body);
    } catch (error) {
      const e = error as FormError;
      throw new StripeRefusal(400, 'invalid_request_error', e.message, undefined, e.param);
    }
    const account =
      typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : undefined;
    const idempotencyKey =
      method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const scope = `${account ?? ''} ${idempotencyKey}`;
    const digest = createHash('sha256').update(`${method} ${url.pathname} ${body}`).digest('hex');
    if (idempotencyKey !== undefined) {
      if (idempotencyKey.length > 255)
        throw invalid('Idempotency key is too long: it must be at most 255 characters.');
      const earlier = remembered.get(scope);
      if (earlier && earlier.at > Date.now() - 86_400_000) {
        if (earlier.digest !== digest)
          throw new StripeRefusal(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        return sendJson(res, earlier.status, earlier.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
      }
    }
    // An unknown URL or a request that fails validation is refused here, before the endpoint runs: not saved.
    const endpoint = prepare(method, url.pathname, form, account, parts);
    let status = 200;
    let answer: unknown;
    try {
      answer = endpoint.run();
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      status = error.status;
      answer = errorBody(error);
    }
    // The endpoint ran: Stripe keeps its answer to the key, a refusal as well as a success.
    if (idempotencyKey !== undefined) remembered.set(scope, { digest, status, body: answer, at: Date.now() });
    return sendJson(res, status, answer, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  async function handleLocal(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key || !sameKey(key, options.secretKey)) return sendJson(res, 401, { error: 'secret key required' });
    return handleSwitch({ engine, money, payouts, delivery, run }, req, res, url);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const handler = url.pathname.startsWith('/v1/')
      ? handleApi
      : url.pathname.startsWith('/_local/')
        ? handleLocal
        : (q: http.IncomingMessage, s: http.ServerResponse, u: URL) => handlePage(engine, q, s, u);
    handler(req, res, url).catch((error) => {
      if (error instanceof StripeRefusal) return sendJson(res, error.status, errorBody(error));
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
      engine.stopTimers();
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
