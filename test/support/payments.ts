/// <reference lib="dom" />
import { callApi } from './api';
import type { TestCharity } from './charity';
import { cloud } from './cloud';
import { type TestAuthenticator, withTwoStep } from './two-step';

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

/** Resolves when every webhook the local Stripe has started delivering has been answered. */
export const eventsDelivered = () => stripeSwitch('settled');

/** Reads an object from the local Stripe's REST API, as our functions do. */
export async function stripeGet(path: string): Promise<Record<string, unknown>> {
  const { url, secretKey } = cloud().stripe;
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${secretKey}` } });
  return (await res.json()) as Record<string, unknown>;
}

const ONBOARDING = '/api/me/preferences/payments/onboarding';

/** start-payment-onboarding as the browser calls it (the answer's `url` is the local Stripe's onboarding page). */
export const startOnboarding = (token: string) => callApi('POST', ONBOARDING, {}, { token });

/** complete-payment-onboarding, as the payments page calls it on coming back from Stripe. */
export const completeOnboarding = (token: string) => callApi('POST', `${ONBOARDING}/complete`, {}, { token });

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
 * it), start onboarding through the API, submit the local Stripe's onboarding page, come back and complete.
 * Answers the charity with its two-step session, its authenticator and its account id.
 */
export async function connectPaymentAccount(
  c: TestCharity,
): Promise<TestCharity & { app: TestAuthenticator; accountId: string }> {
  const session = await withTwoStep(c);
  const started = await startOnboarding(session.idToken);
  if (started.status !== 200) throw new Error(`onboarding refused: ${JSON.stringify(started.body)}`);
  await submitOnboardingPage(started.body.url as string);
  const done = await completeOnboarding(session.idToken);
  if (done.status !== 200 || done.body.linked !== true)
    throw new Error(`completion: ${JSON.stringify(done.body)}`);
  return { ...session, accountId: done.body.stripe_account_id as string };
}
