import type Stripe from 'stripe';
import { decodeForm } from '../../infra/local/stripe/form';
import { stripePayments } from './payments';
import { accountLinkParams, accountParams } from './payments-accounts';
import { refundParams } from './payments-refunds';
import { checkoutSessionParams, paymentIntentParams } from './payments-sessions';
import { type paymentParams, payoutLinesParams } from './payout-lines';

/**
 * Every request the production client sends, checked against the official `stripe` package's parameter types
 * (a devDependency only, of the version whose pinned API is ours, 2024-06-20: stripe-node 16): a misspelt or
 * unknown parameter, or a value Stripe does not take, fails `npm run typecheck` here. The runtime half shows the
 * typed objects are exactly what goes on the wire.
 */

/** The paths of T's keys (at any depth) that U does not have. */
type Unknown<T, U, P extends string = ''> = T extends readonly (infer E)[]
  ? Extract<U, readonly unknown[]> extends readonly (infer F)[]
    ? Unknown<E, F, `${P}[]`>
    : P
  : T extends object
    ? {
        [K in keyof T & string]: K extends keyof Exclude<U, string | number | boolean | null | undefined>
          ? Unknown<
              T[K],
              Exclude<U, string | number | boolean | null | undefined>[K],
              `${P}${P extends '' ? '' : '.'}${K}`
            >
          : `${P}${P extends '' ? '' : '.'}${K}`;
      }[keyof T & string]
    : never;

/** `true` when T has only U's parameters with values U takes; else the unknown parameters' paths (or false). */
type Fits<T, U> = [Unknown<T, U>] extends [never] ? (T extends U ? true : false) : Unknown<T, U>;

type Returned<F extends (...args: never[]) => unknown> = ReturnType<F>;

const fits = {
  account: true satisfies Fits<Returned<typeof accountParams>, Stripe.AccountCreateParams>,
  accountLink: true satisfies Fits<Returned<typeof accountLinkParams>, Stripe.AccountLinkCreateParams>,
  session: true satisfies Fits<Returned<typeof checkoutSessionParams>, Stripe.Checkout.SessionCreateParams>,
  refund: true satisfies Fits<Returned<typeof refundParams>, Stripe.RefundCreateParams>,
  payoutLines: true satisfies Fits<Returned<typeof payoutLinesParams>, Stripe.BalanceTransactionListParams>,
  paymentIntent: true satisfies Fits<
    Returned<typeof paymentIntentParams>,
    Stripe.PaymentIntentRetrieveParams
  >,
  payment: true satisfies Fits<Returned<typeof paymentParams>, Stripe.ChargeRetrieveParams>,
};

// The check refuses what Stripe refuses: a misspelt parameter, at the top or nested, and a value it does not take.
// @ts-expect-error `payment_method_type` is not a Checkout Session parameter
const misspelt = true satisfies Fits<{ payment_method_type: ['card'] }, Stripe.Checkout.SessionCreateParams>;
const nested = // @ts-expect-error `transfer_data.destinaton` is not a parameter
  true satisfies Fits<
    { payment_intent_data: { transfer_data: { destinaton: string } } },
    Stripe.Checkout.SessionCreateParams
  >;
// @ts-expect-error `charity` is not a business type
const value = true satisfies Fits<{ business_type: 'charity' }, Stripe.AccountCreateParams>;

/** A request's parameters as the form decodes them: every leaf is text. */
const asSent = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(asSent)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asSent(v)]))
      : String(value);

const checkout = {
  donationId: 'don_1',
  email: 'donor@example.org',
  donation: { name: 'Donation to Brambleford Trust', pence: 2500 },
  tip: { name: 'Tip to Kindred', pence: 300 },
  applicationFeePence: 358,
  destination: 'acct_1Charity',
  successUrl: 'https://kindred.example.org/thanks?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://kindred.example.org/back',
  expiresAt: 1_900_000_000,
};

describe('the production client sends exactly the typed requests', () => {
  it('checks each request type (compiled by the typecheck; the check values are all true)', () => {
    expect(Object.values(fits)).toEqual([true, true, true, true, true, true, true]);
    expect([misspelt, nested, value]).toEqual([true, true, true]);
  });

  it('sends the typed parameters on the wire, cards only on Checkout', async () => {
    const seen: { url: string; body: string }[] = [];
    const fake: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), body: String(init?.body ?? '') });
      const path = new URL(String(url)).pathname;
      const body =
        path === '/v1/balance_transactions'
          ? { object: 'list', data: [], has_more: false }
          : { id: 'x_1', url: 'https://stripe.example/x' };
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const client = stripePayments({
      secretKey: async () => 'sk_test_x',
      baseUrl: 'https://s.test',
      fetch: fake,
    });
    await client.createCheckoutSession(checkout);
    await client.startOnboarding({
      charityId: 'c1',
      email: 'c@example.org',
      existingAccountId: null,
      returnUrl: 'https://k/r',
      refreshUrl: 'https://k/f',
    });
    await client.refundDonation({ donationId: 'don_1', paymentIntentId: 'pi_1' });
    await client.listPayoutLines('acct_1', 'po_1');
    await client.getPaymentIntent('pi_1');
    const sent = seen.map((s) => decodeForm(s.body || new URL(s.url).search.slice(1)));
    expect(sent).toEqual([
      asSent(checkoutSessionParams(checkout)),
      asSent(accountParams({ charityId: 'c1', email: 'c@example.org' })),
      asSent(accountLinkParams('x_1', { returnUrl: 'https://k/r', refreshUrl: 'https://k/f' })),
      asSent(refundParams({ donationId: 'don_1', paymentIntentId: 'pi_1' })),
      asSent(payoutLinesParams('po_1', null)),
      asSent(paymentIntentParams()),
    ]);
    expect(sent[0]?.payment_method_types).toEqual(['card']);
    expect(sent[0]?.line_items).toHaveLength(2);
  });
});
