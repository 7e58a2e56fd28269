import { PaymentsError } from './payments-port';

/** Stripe's API version these requests are written for (pinned so a new default cannot change them). */
export const STRIPE_API_VERSION = '2024-06-20';
/** Each call must answer well inside the function's timeout. */
const STRIPE_TIMEOUT_MS = 8000;

/** A request's parameters as Stripe documents them: nested objects and arrays of text, numbers, booleans. */
export type Params = { [key: string]: ParamValue };
type ParamValue = string | number | boolean | undefined | Params | ParamValue[];

/** Stripe's form encoding of nested parameters: `a[b][c]=1`, `items[0][name]=x` (undefined left out). */
export function toForm(params: Params): Record<string, string> {
  const form: Record<string, string> = {};
  const put = (name: string, value: ParamValue) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) put(`${name}[${i}]`, item);
    } else if (typeof value === 'object')
      for (const [key, item] of Object.entries(value)) put(name ? `${name}[${key}]` : key, item);
    else form[name] = String(value);
  };
  put('', params);
  return form;
}

/** One call of Stripe's REST API; answers the parsed JSON object or throws a PaymentsError. */
export type StripeCall = <T>(
  method: 'GET' | 'POST',
  path: string,
  params?: Params,
  opts?: { idempotencyKey?: string; account?: string },
) => Promise<T>;

/**
 * Stripe's REST API with no SDK: form-encoded POSTs (and GET queries) with the secret key as bearer, the
 * pinned API version, `Idempotency-Key` and `Stripe-Account` when given; errors as `{ error: { type, code } }`.
 */
export function stripeCaller(opts: {
  secretKey: () => Promise<string>;
  baseUrl?: string;
  fetch?: typeof fetch;
}): StripeCall {
  const base = (opts.baseUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  return async <T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Params,
    { idempotencyKey, account }: { idempotencyKey?: string; account?: string } = {},
  ): Promise<T> => {
    const key = await opts.secretKey();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${key}`,
      'Stripe-Version': STRIPE_API_VERSION,
      Accept: 'application/json',
    };
    const encoded = params ? new URLSearchParams(toForm(params)).toString() : '';
    const post = method === 'POST' && params !== undefined;
    if (post) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (account) headers['Stripe-Account'] = account;
    const url = `${base}${path}${!post && encoded ? `?${encoded}` : ''}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: post ? encoded : undefined,
        signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentsError('unavailable', 'Stripe could not be reached', {
        code: (error as Error).name,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.ok && body && typeof body === 'object') return body as T;
    throw stripeError(response.status, body);
  };
}

/** Maps Stripe's error answers (status, `error.type`, `error.code`) onto our failures. */
export function stripeError(status: number, body: unknown): PaymentsError {
  const error = (body as { error?: { type?: unknown; code?: unknown; message?: unknown } } | undefined)
    ?.error;
  const code =
    typeof error?.code === 'string' ? error.code : typeof error?.type === 'string' ? error.type : undefined;
  const detail = { status, code };
  if (status === 401 || status === 403) {
    return new PaymentsError('configuration', 'Stripe refused our API key', detail);
  }
  if (status === 404 || code === 'resource_missing' || code === 'account_invalid') {
    return new PaymentsError('not-found', 'Stripe does not know this account', detail);
  }
  if (status === 429) return new PaymentsError('rate-limited', 'Stripe rate limit', detail);
  if (status >= 400 && status < 500) {
    return new PaymentsError('invalid-request', 'Stripe refused the request', detail);
  }
  return new PaymentsError('unavailable', 'Stripe failed', detail);
}

/** A value when it is non-empty text, else null. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
