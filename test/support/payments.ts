/// <reference lib="dom" />
import { callApi, mailTo } from './api';
import type { TestCharity } from './charity';
import { cloud } from './cloud';
import { rewindCode } from './tampering';
import { type SignInAgain, type TestAuthenticator, withTwoStep } from './two-step';

/** Calls one of the local Stripe's `/_local/*` switches (behind this install's secret key). */
export async function stripeSwitch(path: string, body: Record<string, unknown> = {}): Promise<unknown> {
  const { url, secretKey } = cloud().stripe;
  const res = await fetch(`${url}/_local/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`local Stripe ${path}: ${res.status}`);
  return res.json();
}

/** Resolves when every webhook the local Stripe has queued (late ones and retries too) has been answered. */
export const eventsDelivered = () => stripeSwitch('settled');

/**
 * The local Stripe's unruly switches for this test (`infra/local/stripe/unruly.ts`): what it names is set, the
 * rest goes back to the run's settings (`LOCAL_STRIPE_UNRULY`). E.g. `{ parallel: 4, delay_ms: 2000,
 * duplicates: true, shuffle: true }`, `{ async_payments: 'succeed' }`, `{ reconciliation_after_ms: 1000 }`.
 */
export const stripeUnruly = (switches: {
  duplicates?: boolean;
  shuffle?: boolean;
  parallel?: number;
  delay_ms?: number;
  async_payments?: 'off' | 'succeed' | 'fail';
  async_after_ms?: number;
  refund_fail_after_ms?: number;
  reconciliation_after_ms?: number;
}) => stripeSwitch('unruly', switches);

/** Back to the run's settings (an `afterEach`). */
export const calmStripe = () => stripeSwitch('unruly', {});

/** An asynchronous payment (`async_payments` with `async_after_ms: 0`) ends now: succeeded or failed. */
export const settleAsyncPayment = (sessionId: string, outcome: 'succeeded' | 'failed') =>
  stripeSwitch(`sessions/${sessionId}/settle`, { outcome });

/** The card refuses a refund now (`refund.failed`), whatever the card. */
export const failRefund = (refundId: string) => stripeSwitch(`refunds/${refundId}/fail`);

/** Opens a dispute on a charge: a chargeback, or an inquiry (`warning_needs_response`, no money moves). */
export const openDispute = (chargeId: string, opts: { reason?: string; inquiry?: boolean } = {}) =>
  stripeSwitch('disputes', { charge: chargeId, ...opts }) as Promise<{ id: string; status: string }>;

/** Moves a dispute to a status Stripe has (`under_review`, `warning_closed`, `won`, `lost`, …). */
export const moveDispute = (disputeId: string, status: string) =>
  stripeSwitch(`disputes/${disputeId}/status`, { status });

/** Reads an object from the local Stripe's REST API, as our functions do. */
export async function stripeGet(path: string): Promise<Record<string, unknown>> {
  const { url, secretKey } = cloud().stripe;
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${secretKey}` } });
  return (await res.json()) as Record<string, unknown>;
}

const ONBOARDING = '/api/me/preferences/payments/onboarding';

/**
 * start-payment-onboarding as the browser calls it (the answer's `url` is the local Stripe's onboarding page),
 * with the register-email code when there is one.
 */
export const startOnboarding = (token: string, registerCode?: string) =>
  callApi('POST', ONBOARDING, registerCode ? { registerCode } : {}, { token });

/**
 * A second Express account at the local Stripe for the charity (named in its metadata, as ours are), its
 * onboarding page submitted: what a change of payout account links. Made here, through Stripe's REST API, since
 * the payments adapter keeps one account per charity (its creation is keyed by the charity).
 */
export async function secondAccountFor(c: Pick<TestCharity, 'userId' | 'email'>): Promise<string> {
  const { url, secretKey } = cloud().stripe;
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    if (!res.ok) throw new Error(`local Stripe ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const account = await post('/v1/accounts', {
    type: 'express',
    country: 'GB',
    email: c.email,
    business_type: 'non_profit',
    'capabilities[card_payments][requested]': 'true',
    'capabilities[transfers][requested]': 'true',
    'metadata[charity_id]': c.userId,
  });
  const link = await post('/v1/account_links', {
    account: String(account.id),
    type: 'account_onboarding',
    refresh_url: `${cloud().appUrl}/charity/preferences/payments?stripe=refresh`,
    return_url: `${cloud().appUrl}/charity/preferences/payments?stripe=return`,
  });
  await submitOnboardingPage(String(link.url));
  return String(account.id);
}

/** complete-payment-onboarding, as the payments page calls it on coming back from Stripe. */
export const completeOnboarding = (token: string, registerCode?: string) =>
  callApi('POST', `${ONBOARDING}/complete`, registerCode ? { registerCode } : {}, { token });

/** The address the register holds for a test charity (where the local register puts every charity's). */
export const registerEmailOf = (c: Pick<TestCharity, 'registrationNumber'>) =>
  `hello-${c.registrationNumber}@example.org`;

/** send-payout-code: a fresh code to the register's email. */
export const sendPayoutCode = (token: string) =>
  callApi('POST', '/api/me/preferences/payments/register-code', {}, { token });

const payoutMails = async (c: Pick<TestCharity, 'registrationNumber'>) =>
  (await mailTo(registerEmailOf(c))).filter((m) => m.subject.includes('payout code'));

/** The code of the newest payout-code mail to the charity's register address (undefined when none). */
export async function latestPayoutCode(
  c: Pick<TestCharity, 'registrationNumber'>,
): Promise<string | undefined> {
  return /Your code is: (\d{6})/.exec((await payoutMails(c)).at(-1)?.text ?? '')?.[1];
}

/**
 * Has a payout code sent (as the payments page's "Send code" does) and reads it from the register's inbox. The
 * resend wait of an earlier code is moved past first (the server reads the real clock), so a test can ask again.
 */
export async function payoutCode(c: TestCharity & { idToken: string }): Promise<string> {
  await rewindCode(c.userId, 'last_sent_at', 0, 'payout').catch(() => undefined);
  const before = (await payoutMails(c)).length;
  const sent = await sendPayoutCode(c.idToken);
  if (sent.status !== 200) throw new Error(`payout code refused: ${JSON.stringify(sent.body)}`);
  for (let tries = 0; tries < 50; tries += 1) {
    if ((await payoutMails(c)).length > before) return (await latestPayoutCode(c)) as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no payout code arrived');
}

/**
 * Submits the local Stripe's onboarding page ("Agree and submit"), as the charity does: the account can take
 * charges from then on (an `account.updated` event is sent). Answers where Stripe sends the browser next.
 */
export async function submitOnboardingPage(url: string): Promise<string> {
  const submitted = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (submitted.status !== 303) throw new Error(`onboarding page answered ${submitted.status}`);
  return submitted.headers.get('location') ?? '';
}

/**
 * Connects the charity's payment account the way a charity does: two-step sign-in on (payment routes need
 * it), a code from the register's email, start onboarding through the API, submit the local Stripe's onboarding page, come back and complete.
 * Answers the charity with its two-step session, its authenticator and its account id. `signInAgain`: see
 * {@link withTwoStep}.
 */
export async function connectPaymentAccount(
  c: TestCharity,
  signInAgain?: SignInAgain,
): Promise<TestCharity & { app: TestAuthenticator; accountId: string }> {
  const session = await withTwoStep(c, undefined, signInAgain);
  // Connecting also proves control of the register's email (issue 41): the code mailed there.
  const started = await startOnboarding(session.idToken, await payoutCode(session));
  if (started.status !== 200) throw new Error(`onboarding refused: ${JSON.stringify(started.body)}`);
  await submitOnboardingPage(started.body.url as string);
  const done = await completeOnboarding(session.idToken);
  if (done.status !== 200 || done.body.linked !== true)
    throw new Error(`completion: ${JSON.stringify(done.body)}`);
  return { ...session, accountId: done.body.stripe_account_id as string };
}
