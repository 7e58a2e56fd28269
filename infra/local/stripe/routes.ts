import { refuse, type StripeEngine, StripeRefusal } from './engine';
import type { FormObject } from './form';
import { checkParams, field, type Shape } from './params';
import type { LocalPayouts } from './payouts';
import { type MoneyBack, REFUND_SHAPE } from './refunds';

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
/** Stripe's payment method types (API 2024-06-20); only `card` is activated on the local account. */
const PAYMENT_METHOD_TYPES = [
  'acss_debit',
  'affirm',
  'afterpay_clearpay',
  'alipay',
  'amazon_pay',
  'au_becs_debit',
  'bacs_debit',
  'bancontact',
  'blik',
  'boleto',
  'card',
  'cashapp',
  'customer_balance',
  'eps',
  'fpx',
  'giropay',
  'grabpay',
  'ideal',
  'klarna',
  'konbini',
  'link',
  'mobilepay',
  'multibanco',
  'oxxo',
  'p24',
  'paynow',
  'paypal',
  'pix',
  'promptpay',
  'revolut_pay',
  'sepa_debit',
  'sofort',
  'swish',
  'twint',
  'us_bank_account',
  'wechat_pay',
  'zip',
];
const CHECKOUT: Shape = {
  mode: field({ enum: ['payment', 'setup', 'subscription'] }, true),
  submit_type: field({ enum: ['auto', 'book', 'donate', 'pay'] }),
  payment_method_types: field({ array: { enum: PAYMENT_METHOD_TYPES } }),
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
const NONE: Shape = {};
/** A path segment that is an object's id (its prefix, then `_`). */
const ID = /^(acct|cs_test|cs_live|pi|ch|py|pyr|txn|tr|trr|re|dp|po|fee|evt)_\w+$/;

const str = (o: FormObject, k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
const obj = (o: FormObject, k: string) =>
  typeof o[k] === 'object' && !Array.isArray(o[k]) ? (o[k] as FormObject) : {};
const meta = (o: FormObject) => obj(o, 'metadata') as Record<string, string>;
const int = (value: string | undefined) => (value === undefined ? undefined : Number(value));

type Parts = { engine: StripeEngine; money: MoneyBack; payouts: LocalPayouts; publicUrl: () => string };
type Handler = (id: string, form: FormObject, p: Parts) => unknown;

/** The platform's endpoints: each route's parameters and what it does. */
const ROUTES: Record<string, { shape: Shape; run: Handler }> = {
  'POST /v1/accounts': {
    shape: ACCOUNT,
    run: (_, f, { engine }) =>
      engine.createAccount({
        email: str(f, 'email'),
        business_type: str(f, 'business_type'),
        metadata: meta(f),
      }),
  },
  'GET /v1/accounts/:id': { shape: NONE, run: (id, _, { engine }) => engine.account(id) },
  'POST /v1/account_links': {
    shape: ACCOUNT_LINK,
    run: (_, f, { engine, publicUrl }) =>
      engine.createAccountLink({
        account: str(f, 'account') ?? '',
        refresh_url: str(f, 'refresh_url') ?? publicUrl(),
        return_url: str(f, 'return_url') ?? publicUrl(),
      }),
  },
  'POST /v1/checkout/sessions': { shape: CHECKOUT, run: (_, f, { engine }) => createSession(engine, f) },
  'GET /v1/checkout/sessions/:id': { shape: NONE, run: (id, _, { engine }) => engine.session(id) },
  'GET /v1/checkout/sessions/:id/line_items': {
    shape: NONE,
    run: (id, _, { engine }) => engine.lineItems(id),
  },
  'POST /v1/checkout/sessions/:id/expire': { shape: NONE, run: (id, _, { engine }) => engine.expire(id) },
  'GET /v1/charges/:id': {
    shape: NONE,
    run: (id, _, { engine }) => engine.retrieve('charge', engine.charges, id),
  },
  'GET /v1/payment_intents/:id': {
    shape: NONE,
    run: (id, _, { engine }) => engine.retrieve('payment_intent', engine.intents, id),
  },
  'GET /v1/balance_transactions/:id': {
    shape: NONE,
    run: (id, _, { engine }) => engine.retrieve('balance_transaction', engine.balance, id),
  },
  'GET /v1/transfers/:id': {
    shape: NONE,
    run: (id, _, { engine }) => engine.retrieve('transfer', engine.transfers, id),
  },
  'POST /v1/refunds': {
    shape: REFUND_SHAPE,
    run: (id, f, { money }) => money.api('POST /v1/refunds', id, f),
  },
  'GET /v1/refunds/:id': { shape: NONE, run: (id, f, { money }) => money.api('GET /v1/refunds/:id', id, f) },
  'GET /v1/disputes/:id': {
    shape: NONE,
    run: (id, f, { money }) => money.api('GET /v1/disputes/:id', id, f),
  },
};

function createSession(engine: StripeEngine, form: FormObject) {
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
    payment_method_types: Array.isArray(form.payment_method_types)
      ? (form.payment_method_types as string[])
      : undefined,
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

/**
 * A request checked before it runs: an unknown URL is Stripe's 404 "Unrecognized request URL", a bad
 * parameter its 400 (neither is saved under an Idempotency-Key: the endpoint did not run). `run` executes it.
 */
export function prepare(
  method: string,
  path: string,
  form: FormObject,
  account: string | undefined,
  parts: Parts,
): { run: () => unknown } {
  // A connected account's objects and balance transactions (`payouts.ts`) check their own parameters.
  const connected = () => parts.payouts.api(method, path, form, account);
  if (path === '/v1/balance_transactions' || (account && /^\/v1\/(payouts|charges)\/\w+$/.test(path)))
    return { run: connected };
  const segments = path.split('/').filter(Boolean);
  const route = `${method} /${segments.map((p, i) => (i >= 2 && ID.test(p) ? ':id' : p)).join('/')}`;
  const id = segments.find((p, i) => i >= 2 && ID.test(p)) ?? '';
  const found = ROUTES[route];
  if (!found)
    throw new StripeRefusal(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  const problem = checkParams(found.shape, form);
  if (problem) throw refuse(problem.message, problem.code, problem.param);
  const expand = Array.isArray(form.expand) ? (form.expand as string[]) : [];
  return {
    run: () => {
      const answer = found.run(id, form, parts);
      return expand.length > 0 ? parts.engine.expand(answer, expand) : answer;
    },
  };
}
