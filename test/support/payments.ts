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

/**
 * Connects the charity's payment account the way a charity does: two-step sign-in on (payment routes need
 * it), start onboarding through the API, submit the local Stripe's onboarding page, come back and complete.
 * Answers the charity with its two-step session, its authenticator and its account id.
 */
export async function connectPaymentAccount(
  c: TestCharity,
): Promise<TestCharity & { app: TestAuthenticator; accountId: string }> {
  const session = await withTwoStep(c);
  const started = await callApi(
    'POST',
    '/api/me/preferences/payments/onboarding',
    {},
    { token: session.idToken },
  );
  if (started.status !== 200) throw new Error(`onboarding refused: ${JSON.stringify(started.body)}`);
  const submitted = await fetch(started.body.url as string, { method: 'POST', redirect: 'manual' });
  if (submitted.status !== 303) throw new Error(`onboarding page answered ${submitted.status}`);
  const done = await callApi(
    'POST',
    '/api/me/preferences/payments/onboarding/complete',
    {},
    { token: session.idToken },
  );
  if (done.status !== 200 || done.body.linked !== true)
    throw new Error(`completion: ${JSON.stringify(done.body)}`);
  return { ...session, accountId: done.body.stripe_account_id as string };
}
