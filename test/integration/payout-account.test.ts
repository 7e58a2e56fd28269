import { ErrorCode } from '@shared/api/error-codes';
import { PayoutMessage } from '@shared/payout';
import { TwoStepMessage } from '@shared/two-step';
import { callApi, mailTo } from '../support/api';
import { createCharity, getItem, type TestCharity } from '../support/charity';
import { applyCloudEnvironment } from '../support/cloud';
import { refund, seedPaidDonation } from '../support/donations';
import { signIn } from '../support/identity';
import {
  completeOnboarding,
  connectPaymentAccount,
  latestPayoutCode,
  payoutCode,
  registerEmailOf,
  secondAccountFor,
  sendPayoutCode,
  startOnboarding,
  submitOnboardingPage,
} from '../support/payments';
import { movePayoutChange, plantOnboardingAccount, rewindCode } from '../support/tampering';
import { nextCode, peekCode, type TestAuthenticator, withTwoStep } from '../support/two-step';

/**
 * The payout account against a hostile user (issue 41, items 9 and 10; docs/trust-rules.md "The payout account
 * is the register's to move"): a code from the register's email on every connection and change, a 72-hour hold
 * on a change that either mailed address can cancel (locking the account), the same code to turn two-step
 * sign-in off, and no refund on a session alone.
 */
jest.setTimeout(120_000);

const { env } = applyCloudEnvironment();
const clientId = env.CHARITY_CLIENT_ID as string;
const REQUIRED = { status: 403, body: { code: ErrorCode.RegisterCodeRequired, field: 'registerCode' } };
const notMeLinkFrom = (text: string) => /\/charity\/not-me#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
/** The 5-second wait between two tries of one code, as if it had passed (the server reads the real clock). */
const nextTry = (c: TestCharity) => rewindCode(c.userId, 'last_attempt_at', 0, 'payout');

type Connected = TestCharity & { app: TestAuthenticator; accountId: string };

/**
 * Another account of the charity's at Stripe, onboarded and being linked (planted as the account being
 * onboarded: the payments adapter makes one account per charity), then completed with a register-email code.
 */
async function askForChange(c: Connected) {
  await plantOnboardingAccount(c.userId, await secondAccountFor(c));
  // Without the register's code the change is not even held.
  expect(await completeOnboarding(c.idToken)).toMatchObject(REQUIRED);
  expect((await getItem(c.userId, 'PROFILE'))?.payout_change).toBeUndefined();
  return completeOnboarding(c.idToken, await payoutCode(c));
}

describe('connecting a payout account proves the register’s email', () => {
  it('refuses a password-only thief, a missing, malformed, wrong, other charity’s, replayed or old code', async () => {
    const c = await createCharity({ label: 'payout-thief' });
    // The thief's session (password only): no code is sent to the register, nothing starts.
    expect(await sendPayoutCode(c.idToken)).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
    expect(await startOnboarding(c.idToken, '123456')).toMatchObject({
      status: 403,
      body: { code: 'MFA_REQUIRED' },
    });
    expect(await latestPayoutCode(c)).toBeUndefined();

    // Even signed in with two-step sign-in (a thief who turned it on with their own app), no code: no start,
    // and no Stripe account is made.
    const owner = await withTwoStep(c);
    expect(await startOnboarding(owner.idToken)).toMatchObject(REQUIRED);
    expect((await startOnboarding(owner.idToken)).body.error).toBe(PayoutMessage.CodeRequired);
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_onboarding_account_id).toBeUndefined();

    // A code of another charity, a malformed one, and a superseded (old) one are refused on the field.
    const other = await withTwoStep(await createCharity({ label: 'payout-other' }));
    const othersCode = await payoutCode(other);
    const oldCode = await payoutCode(owner);
    const code = await payoutCode(owner);
    expect((await mailTo(registerEmailOf(c))).at(-1)?.subject).toBe(
      `Your Kindred payout code for ${c.charityName}`,
    );
    expect(await startOnboarding(owner.idToken, '12ab')).toMatchObject({
      status: 400,
      body: { field: 'registerCode', error: PayoutMessage.CodeFormat },
    });
    for (const registerCode of [123456, 'x'.repeat(5000), null, ['123456']]) {
      expect(
        await callApi(
          'POST',
          '/api/me/preferences/payments/onboarding',
          { registerCode },
          { token: owner.idToken },
        ),
      ).toMatchObject({ status: 400, body: { field: 'registerCode' } });
    }
    for (const wrong of [othersCode, oldCode]) {
      if (wrong === code) continue;
      await nextTry(owner);
      expect(await startOnboarding(owner.idToken, wrong)).toMatchObject({
        status: 400,
        body: { field: 'registerCode', code: ErrorCode.CodeInvalid, error: PayoutMessage.CodeWrong },
      });
    }
    // Tries of one code are 5 s apart, whatever is guessed.
    expect(await startOnboarding(owner.idToken, code)).toMatchObject({ status: 429 });
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_onboarding_account_id).toBeUndefined();

    // The right code starts, and the account is linked on the way back (the proof used up).
    await nextTry(owner);
    const started = await startOnboarding(owner.idToken, code);
    expect(started).toMatchObject({ status: 200 });
    await submitOnboardingPage(started.body.url as string);
    expect(await completeOnboarding(owner.idToken)).toMatchObject({ status: 200, body: { linked: true } });

    // Replayed: the used code proves nothing again.
    await nextTry(owner);
    expect(await startOnboarding(owner.idToken, code)).toMatchObject({
      status: 400,
      body: { code: ErrorCode.CodeVoid, error: PayoutMessage.CodeVoid },
    });
    // The other charity's own code still works for it alone.
    expect(await startOnboarding(other.idToken, othersCode)).toMatchObject({ status: 200 });
  });
});

describe('a change of payout account waits 72 hours', () => {
  it('keeps donations on the current account, tells both addresses, and the link cancels it and locks the account', async () => {
    const c = await connectPaymentAccount(await createCharity({ label: 'payout-change' }));
    const asked = Date.now();
    const held = await askForChange(c);
    expect(held).toMatchObject({
      status: 200,
      body: {
        linked: false,
        stripe_account_id: c.accountId,
        charges_enabled: true,
        pending_change: { stripe_account_id: expect.stringMatching(/^acct_\w+$/) },
      },
    });
    const pending = held.body.pending_change as { stripe_account_id: string; effective_at: string };
    expect(pending.stripe_account_id).not.toBe(c.accountId);
    const hold = Date.parse(pending.effective_at) - asked;
    expect(hold).toBeGreaterThan(72 * 3_600_000 - 60_000);
    expect(hold).toBeLessThanOrEqual(72 * 3_600_000 + 60_000);
    // Nothing moved: the payout account is the old one, and the payments page shows the change waiting.
    expect(await getItem(c.userId, 'PROFILE')).toMatchObject({ stripe_account_id: c.accountId });
    const prefs = await callApi('GET', '/api/me/preferences', undefined, { token: c.idToken });
    expect(prefs.body.payments).toMatchObject({ stripe_account_id: c.accountId, pending_change: pending });
    // Coming back again restarts nothing.
    expect((await completeOnboarding(c.idToken)).body.pending_change).toEqual(pending);

    // Both addresses are told, each with its own "this wasn't me" link.
    const subject = `The payout account of ${c.charityName} on Kindred is changing`;
    const links: string[] = [];
    for (const address of [c.email, registerEmailOf(c)]) {
      const mail = (await mailTo(address)).filter((m) => m.subject === subject);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).toContain(`ending ${pending.stripe_account_id.slice(-4)}`);
      links.push(notMeLinkFrom(mail[0]?.text ?? '') as string);
    }
    expect(new Set(links).size).toBe(2);

    // The register's holder: the link names the charity and what it undoes, then cancels and locks.
    const token = links[1] as string;
    expect(await callApi('POST', '/api/not-me/check', { token })).toMatchObject({
      status: 200,
      body: { purpose: 'payout-change', registration_number: c.registrationNumber },
    });
    expect(await callApi('POST', '/api/not-me', { token })).toMatchObject({
      status: 200,
      body: { message: PayoutMessage.ChangeCancelled },
    });
    expect(await callApi('POST', '/api/not-me', { token })).toMatchObject({ status: 400 });
    const profile = await getItem(c.userId, 'PROFILE');
    expect(profile?.stripe_account_id).toBe(c.accountId);
    expect(profile?.payout_change).toBeUndefined();
    expect((await getItem(c.userId, 'VERIFICATION'))?.locked).toBe(true);
    // Whoever asked is signed out, and a locked account changes nothing.
    expect(await callApi('GET', '/api/me/preferences', undefined, { token: c.idToken })).toMatchObject({
      status: 401,
    });
    // The other address's link still answers (it locks again) but there is no change left to take over.
    expect(await callApi('POST', '/api/not-me', { token: links[0] as string })).toMatchObject({
      status: 200,
    });
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(c.accountId);
  });

  it('takes effect after 72 hours by the injected clock, and not a second before', async () => {
    const c = await connectPaymentAccount(await createCharity({ label: 'payout-hold' }));
    const held = await askForChange(c);
    const pending = held.body.pending_change as { stripe_account_id: string; effective_at: string };
    const { createTable } = await import('../../lambdas/data/table');
    const { charityData } = await import('../../lambdas/data/charities');
    const { preferenceData } = await import('../../lambdas/data/preferences');
    const { getAccountPreferences } = await import('../../lambdas/domain/preferences/preferences');
    const table = createTable(env.TABLE_NAME as string);
    const at = (ms: number) => ({ now: () => new Date(Date.parse(pending.effective_at) + ms) });
    const read = (ms: number) =>
      getAccountPreferences(
        { prefs: preferenceData(table), charities: charityData(table), clock: at(ms) },
        c.userId,
      );

    // One second before: the current account still takes the donations.
    expect((await read(-1000)).payments).toMatchObject({
      stripe_account_id: c.accountId,
      pending_change: { stripe_account_id: pending.stripe_account_id },
    });
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(c.accountId);
    // At 72 hours: the new account is the payout account (with Stripe's word on whether it takes charges).
    expect((await read(0)).payments).toMatchObject({
      stripe_account_id: pending.stripe_account_id,
      charges_enabled: true,
      pending_change: null,
    });
    expect(await getItem(c.userId, 'PROFILE')).toMatchObject({
      stripe_account_id: pending.stripe_account_id,
      stripe_charges_enabled: true,
    });
    expect((await getItem(c.userId, 'PROFILE'))?.payout_change).toBeUndefined();
  });

  it('through the API, the first read after the hold switches the account', async () => {
    const c = await connectPaymentAccount(await createCharity({ label: 'payout-lazy' }));
    const held = await askForChange(c);
    const next = (held.body.pending_change as { stripe_account_id: string }).stripe_account_id;
    await movePayoutChange(c.userId, new Date(Date.now() + 60_000));
    const payments = async () =>
      (await callApi('GET', '/api/me/preferences', undefined, { token: c.idToken })).body.payments;
    expect(await payments()).toMatchObject({ stripe_account_id: c.accountId });
    await movePayoutChange(c.userId, new Date(Date.now() - 1000));
    expect(await payments()).toMatchObject({ stripe_account_id: next, pending_change: null });
  });
});

describe('two-step sign-in and refunds while a payout account is connected', () => {
  it('turning two-step off needs the register’s code too; then refunds are refused on the session alone', async () => {
    const c = await connectPaymentAccount(await createCharity({ label: 'payout-off' }));
    const off = (body: Record<string, unknown>) =>
      callApi('POST', '/api/me/security/two-step/off', body, { token: c.idToken });
    // The password and a current code (a thief with both) are not enough.
    // Refused before the code is checked: the code is not spent.
    expect(await off({ password: c.password, code: peekCode(c.app) })).toMatchObject(REQUIRED);
    const other = await withTwoStep(await createCharity({ label: 'payout-off-other' }));
    const othersCode = await payoutCode(other);
    const code = await payoutCode(c);
    if (othersCode !== code) {
      expect(
        await off({ password: c.password, code: peekCode(c.app), registerCode: othersCode }),
      ).toMatchObject({ status: 400, body: { field: 'registerCode', error: PayoutMessage.CodeWrong } });
      await nextTry(c);
    }
    expect(await off({ password: c.password, code: await nextCode(c.app), registerCode: code })).toEqual({
      status: 200,
      body: { success: true, message: TwoStepMessage.TurnedOff },
    });

    // Two-step off, a payout account connected: a refund on the session alone is refused, nothing moves.
    const donation = await seedPaidDonation(c, { paidAt: new Date().toISOString() });
    const session = await signIn(clientId, c.email, c.password);
    const answer = await refund({ idToken: session.idToken, password: c.password }, donation.id);
    expect(answer).toMatchObject({
      status: 403,
      body: { code: 'MFA_REQUIRED', error: PayoutMessage.RefundNeedsTwoStep },
    });
    expect(
      await refund({ idToken: session.idToken, password: c.password }, donation.id, undefined, {
        password: c.password,
        code: '123456',
      }),
    ).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
  });
});
