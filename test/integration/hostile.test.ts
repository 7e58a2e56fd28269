import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { charityData } from '../../lambdas/data/charities';
import { exploreData } from '../../lambdas/data/explore';
import { locationData } from '../../lambdas/data/locations';
import { verificationBudgetData } from '../../lambdas/data/verification-budget';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { createCharity, getItem, itemsWithPrefix } from '../support/charity';
import { cloud } from '../support/cloud';
import { signIn } from '../support/identity';
import { upload } from '../support/media';
import { sampleCharity } from '../support/numbers';
import {
  completeOnboarding,
  connectPaymentAccount,
  payoutCode,
  startOnboarding,
  stripeGet,
  submitOnboardingPage,
} from '../support/payments';
import { tableClient, testTable } from '../support/table';
import {
  forceVerificationFlags,
  plantOnboardingAccount,
  rewindCode,
  setVerificationBudget,
} from '../support/tampering';
import { withTwoStep } from '../support/two-step';

/**
 * The trust rules tried as a hostile user would: each test is one attack on the real local cloud, proving it
 * fails and that nothing was stored. Sample charities of their own (`sampleCharity`) are registered for the
 * guess budget, registrations per number, resend caps and the masked mail, and the finder's on-platform flag.
 */
jest.setTimeout(120_000);

const { env } = cloud();
/** The data modules over the test's own client of the local table. */
const partition = async (userId: string) =>
  (
    await tableClient().send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `CHARITY#${userId}` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];
const PASSWORD = 'Kindred-Charity-2026!';
let seq = 0;
const newEmail = (label: string) => `${label}-${Date.now()}-${++seq}@attacker.example`;
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
const codeFrom = (text: string) => /code is: (\d{6})/.exec(text)?.[1] as string;

/** Registers a sample number through the API and signs in, as an attacker with their own address would. */
async function registerAndSignIn(number: string, label: string) {
  const email = newEmail(label);
  const res = await post(
    '/api/register-charity',
    { email, password: PASSWORD, charityRegistrationNumber: number },
    { from: freshAddress() },
  );
  if (res.status !== 200) return { res, email, idToken: '', userId: '' };
  const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, email, PASSWORD);
  return { res, email, idToken, userId: claims(idToken).sub as string };
}

const rewind = rewindCode;
const guess = (token: string, code: string) =>
  post('/api/verify-charity-code', { verificationCode: code }, { token });
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function completeExplore(token: string) {
  const grid = await upload(token, { purpose: 'explore-grid' });
  const feed = await upload(token, { purpose: 'explore-feed', position: 1 });
  return callApi(
    'PUT',
    '/api/me/explore',
    {
      short_description: 'Official appeal',
      long_description: 'Donate at evil.example',
      grid: { key: grid.key, alt: 'A test photo' },
      feed: [{ key: feed.key, alt: 'A test photo' }],
    },
    { token },
  );
}
const listed = async () =>
  ((await callApi('GET', '/api/explore')).body.pages as { charity_id: string }[]).map((p) => p.charity_id);

describe('only the vetted are public', () => {
  it('refuses explore activation for an unverified account, and it is never listed', async () => {
    const c = await createCharity({ label: 'unverified-explore', flags: { verified: false } });
    await callApi(
      'PUT',
      '/api/me/preferences/display-name',
      { display_name: 'Official appeal' },
      {
        token: c.idToken,
      },
    );
    expect((await completeExplore(c.idToken)).status).toBe(200);
    const res = await callApi('POST', '/api/me/explore/active', { active: true }, { token: c.idToken });
    expect(res).toMatchObject({
      status: 403,
      body: {
        code: 'NOT_VERIFIED',
        error: 'Verify your charity email before donors can see your explore page.',
      },
    });
    expect((await getItem(c.userId, 'EXPLORE'))?.is_active).toBe(false);
    expect((await getItem(c.userId, 'EXPLORE'))?.GSI1PK).toBeUndefined();
    expect(await listed()).not.toContain(c.userId);
  });

  it('drops a listed page from the listing once its charity is no longer vetted, and shows registered name and number', async () => {
    const c = await createCharity({ label: 'vetted-explore', charityName: 'Brambleford Vetted Larder' });
    await callApi(
      'PUT',
      '/api/me/preferences/display-name',
      { display_name: 'Larder Friends' },
      {
        token: c.idToken,
      },
    );
    expect((await completeExplore(c.idToken)).status).toBe(200);
    expect(
      (await callApi('POST', '/api/me/explore/active', { active: true }, { token: c.idToken })).status,
    ).toBe(200);
    const page = ((await callApi('GET', '/api/explore')).body.pages as Record<string, unknown>[]).find(
      (p) => p.charity_id === c.userId,
    );
    expect(page).toMatchObject({
      name: 'Larder Friends',
      charity_name: 'Brambleford Vetted Larder',
      registration_number: c.registrationNumber,
    });
    // Locked (or unverified) since: the listing checks again, whatever the index says.
    await charityData(testTable()).lock(c.userId, c.registrationNumber, 50);
    expect(await listed()).not.toContain(c.userId);
  });

  it('refuses payment onboarding and going live for an unverified account, storing nothing', async () => {
    const c = await createCharity({
      label: 'unverified-pay',
      flags: {
        verified: false,
        finished_setting_up_account: true,
        valid_main_page: true,
        valid_explore_page: true,
      },
    });
    // Two-step sign-in on, so only the vetting rule stands in the way.
    const session = await withTwoStep(c);
    expect(await startOnboarding(session.idToken)).toMatchObject({
      status: 403,
      body: { code: 'NOT_VERIFIED' },
    });
    expect(await completeOnboarding(session.idToken)).toMatchObject({
      status: 403,
      body: { code: 'NOT_VERIFIED' },
    });
    // No Stripe account was made for it, and none is stored.
    const profile = await getItem(c.userId, 'PROFILE');
    expect(profile?.stripe_account_id).toBeNull();
    expect(profile?.stripe_onboarding_account_id).toBeUndefined();
    const live = await callApi('POST', '/api/me/live', { live: true }, { token: session.idToken });
    expect(live.status).toBe(409);
    expect((await getItem(c.userId, 'VERIFICATION'))?.page_is_live).toBe(false);
    expect(await getItem(c.userId, 'LIVE')).toBeUndefined();
  });

  it('refuses to complete onboarding for a charity unverified (or locked) since it started, storing nothing', async () => {
    const c = await withTwoStep(await createCharity({ label: 'unverified-later' }));
    const started = await startOnboarding(c.idToken, await payoutCode(c));
    expect(started.status).toBe(200);
    await submitOnboardingPage(started.body.url as string);
    await forceVerificationFlags(c.userId, { verified: false });
    expect(await completeOnboarding(c.idToken)).toMatchObject({
      status: 403,
      body: { code: 'NOT_VERIFIED' },
    });
    expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBeNull();
  });
});

describe('a charity cannot take over another charity’s payment account', () => {
  it('completing onboarding with another charity’s account (its id planted on the profile) links nothing', async () => {
    const victim = await connectPaymentAccount(await createCharity({ label: 'pay-victim' }));
    // The victim's account at Stripe names the victim: that is what the server checks.
    expect(await stripeGet(`/v1/accounts/${victim.accountId}`)).toMatchObject({
      metadata: { charity_id: victim.userId },
      charges_enabled: true,
    });
    const attacker = await withTwoStep(await createCharity({ label: 'pay-attacker' }));
    await plantOnboardingAccount(attacker.userId, victim.accountId);
    expect(await completeOnboarding(attacker.idToken)).toMatchObject({
      status: 409,
      body: { code: 'PAYMENT_ACCOUNT_MISSING' },
    });
    expect((await getItem(attacker.userId, 'PROFILE'))?.stripe_account_id).toBeNull();
    expect((await getItem(victim.userId, 'PROFILE'))?.stripe_account_id).toBe(victim.accountId);
    // Nor did the attempt tell anyone an account changed.
    const subjects = (await mailTo(attacker.email)).map((m) => m.subject);
    expect(subjects.filter((subject) => subject.includes('payment account'))).toEqual([]);
  });

  it('the onboarding routes take no account or charity from the body: naming another charity is refused', async () => {
    const victim = await connectPaymentAccount(await createCharity({ label: 'pay-victim-body' }));
    const attacker = await withTwoStep(await createCharity({ label: 'pay-attacker-body' }));
    for (const path of [
      '/api/me/preferences/payments/onboarding',
      '/api/me/preferences/payments/onboarding/complete',
    ]) {
      for (const body of [{ charityId: victim.userId }, { accountId: victim.accountId }]) {
        const field = Object.keys(body)[0];
        expect([path, await callApi('POST', path, body, { token: attacker.idToken })]).toEqual([
          path,
          { status: 400, body: expect.objectContaining({ error: `Unknown field: ${field}` }) },
        ]);
      }
    }
    expect((await getItem(attacker.userId, 'PROFILE'))?.stripe_account_id).toBeNull();
    expect((await getItem(victim.userId, 'PROFILE'))?.stripe_account_id).toBe(victim.accountId);
  });
});

describe("the finder calls only vetted charities 'on the platform'", () => {
  /** The finder's flag for a number, polled until it is `expected` (other containers refresh their list). */
  async function flagBecomes(number: string, expected: boolean): Promise<boolean> {
    let flag: boolean | undefined;
    for (let i = 0; i < 40 && flag !== expected; i++) {
      if (i) await new Promise((r) => setTimeout(r, 250));
      const res = await post('/api/search-charities', { searchTerm: number, searchType: 'number' });
      expect(res.status).toBe(200);
      flag = (res.body.charities as { registrationNumber: string; isOnKindred: boolean }[]).find(
        (c) => c.registrationNumber === number,
      )?.isOnKindred;
    }
    return flag as boolean;
  }

  it('is off while unverified, on once verified, off again when locked or deleted', async () => {
    const { number, email: inbox } = sampleCharity();
    const reg = await registerAndSignIn(number, 'listing');
    expect(reg.res.status).toBe(200);
    // Registered but not verified: an account is not an endorsement.
    expect(await flagBecomes(number, false)).toBe(false);
    const mail = await mailTo(inbox ?? '');
    expect(await guess(reg.idToken, codeFrom(mail[mail.length - 1]!.text))).toMatchObject({ status: 200 });
    expect(await flagBecomes(number, true)).toBe(true);
    // Locked (no longer vetted): withdrawn from the list, in every container within its refresh.
    await charityData(testTable()).lock(reg.userId, number, 50);
    expect(await flagBecomes(number, false)).toBe(false);
    expect((await post('/api/delete-charity-account', {}, { token: reg.idToken })).status).toBe(200);
    expect(await flagBecomes(number, false)).toBe(false);
  });
});

describe('the guess budget belongs to the charity number', () => {
  it('does not restore the budget when the account is deleted and the number registered again', async () => {
    const { number, email } = sampleCharity();
    await verificationBudgetData(testTable()).clear(number);
    const first = await registerAndSignIn(number, 'guess-a');
    expect(first.res.status).toBe(200);
    const inbox = email ?? '';
    const mail = await mailTo(inbox);
    const wrong = wrongCode(codeFrom(mail[mail.length - 1]!.text));
    for (let i = 1; i <= 10; i++) {
      await rewind(first.userId, 'last_attempt_at');
      const res = await guess(first.idToken, wrong);
      expect(res.body.code).toBe(i < 10 ? 'CODE_INVALID' : 'CODE_VOID');
    }
    expect((await post('/api/delete-charity-account', {}, { token: first.idToken })).status).toBe(200);

    const second = await registerAndSignIn(number, 'guess-b');
    expect(second.res.status).toBe(200);
    const fresh = await mailTo(inbox);
    const rightCode = codeFrom(fresh[fresh.length - 1]!.text);
    // The 11th guess on this number is refused, whatever the account, even with the right code.
    expect(await guess(second.idToken, wrongCode(rightCode))).toMatchObject({
      status: 400,
      body: { code: 'CODE_VOID' },
    });
    await rewind(second.userId, 'last_attempt_at');
    expect((await guess(second.idToken, rightCode)).body.code).toBe('CODE_VOID');
    expect((await getItem(second.userId, 'VERIFICATION'))?.verified).toBe(false);
  });

  it('locks the number, not just the account, after 50 wrong codes in all', async () => {
    const c = await createCharity({ label: 'budget-lock', flags: { verified: false } });
    await setVerificationBudget(c.registrationNumber, { code_failures: 0, total_failures: 49 });
    await charityData(testTable()).replaceCode(
      c.userId,
      {
        code_hash: 'not-a-real-hash',
        email_sent_to: 'x@example.org',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        failures: 0,
        last_attempt_at: 0,
        last_sent_at: 0,
      },
      0,
    );
    expect(await guess(c.idToken, '123456')).toMatchObject({
      status: 423,
      body: { code: 'VERIFICATION_LOCKED' },
    });
    expect(await getItem(c.userId, 'VERIFICATION')).toMatchObject({ locked: true });
    const budget = await verificationBudgetData(testTable()).get(c.registrationNumber);
    expect(budget).toMatchObject({ locked: true, total_failures: 50 });
  });

  it('caps registrations of one number at 3 in 30 days, whoever registers it', async () => {
    const { number } = sampleCharity();
    for (let i = 1; i <= 3; i++) {
      const r = await registerAndSignIn(number, `regcap-${i}`);
      expect(r.res.status).toBe(200);
      expect((await post('/api/delete-charity-account', {}, { token: r.idToken })).status).toBe(200);
    }
    const fourth = await post(
      '/api/register-charity',
      { email: newEmail('regcap-4'), password: PASSWORD, charityRegistrationNumber: number },
      { from: freshAddress() },
    );
    expect(fourth).toMatchObject({
      status: 429,
      body: { isRateLimit: true, code: 'REGISTRATION_CAP_REACHED', rateLimitType: 'other' },
    });
    expect(String(fourth.body.error)).toContain('registered too many times recently');
    // Nothing held: the number's marker was released.
    const marker = await charityData(testTable()).marker(number);
    expect(marker).toBeUndefined();
  });
});

describe('resend cannot flood the register inbox', () => {
  it('grows the wait between resends, caps them per day, and masks the sign-in address', async () => {
    const { number, email } = sampleCharity();
    const inbox = email ?? '';
    const r = await registerAndSignIn(number, 'resend');
    expect(r.res.status).toBe(200);
    const first = await mailTo(inbox);
    const text = first[first.length - 1]!.text;
    expect(text).not.toContain(r.email);
    expect(text).toMatch(/Someone using the email r•+@a•+\.example has registered/);

    const resend = () => post('/api/resend-verification-code', {}, { token: r.idToken });
    expect((await resend()).body.error).toBe('Please wait 30 seconds before requesting another code');
    const waits = [
      'Please wait 1 minute',
      'Please wait 2 minutes',
      'Please wait 5 minutes',
      'Please wait 15 minutes',
    ];
    for (const wait of waits) {
      await rewind(r.userId, 'last_sent_at');
      expect((await resend()).status).toBe(200);
      expect(await resend()).toMatchObject({ status: 429 });
      expect(String((await resend()).body.error)).toContain(wait);
    }
    await rewind(r.userId, 'last_sent_at');
    expect((await resend()).status).toBe(200);
    await rewind(r.userId, 'last_sent_at');
    const capped = await resend();
    expect(capped).toMatchObject({ status: 429, body: { isRateLimit: true } });
    expect(String(capped.body.error)).toContain('most codes we can send in one day');
    // Registration's mail plus five resends, no more.
    expect((await mailTo(inbox)).length - first.length).toBe(5);
  });
});

describe('a token is worth nothing once its account is gone', () => {
  it('refuses every write of a deleted account, storing nothing', async () => {
    const c = await createCharity({ label: 'deleted-token' });
    expect((await post('/api/delete-charity-account', {}, { token: c.idToken })).status).toBe(200);
    const attempts = await Promise.all([
      callApi(
        'POST',
        '/api/me/media/uploads',
        { purpose: 'explore-grid', contentType: 'image/jpeg', size: 2048 },
        { token: c.idToken },
      ),
      callApi('GET', '/api/me/explore', undefined, { token: c.idToken }),
      callApi('PUT', '/api/me/locations', { locations: [], service_areas: [] }, { token: c.idToken }),
      callApi('PUT', '/api/me/preferences/display-name', { display_name: 'Ghost' }, { token: c.idToken }),
      callApi(
        'PUT',
        '/api/me/preferences/email/notifications',
        { tips_notifications: false, performance_updates: false },
        { token: c.idToken },
      ),
    ]);
    for (const a of attempts) expect(a).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    expect(await partition(c.userId)).toEqual([]);
  });

  it('checks the account in the write itself, so a deletion after the handler checks still stores nothing', async () => {
    // The writes called directly, as if the account was deleted between the pipeline's check and the write.
    const ghost = `ghost-${Date.now()}`;
    const table = testTable();
    await expect(
      locationData(table).put(ghost, {
        locations: [],
        service_areas: [],
        updated_at: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(exploreData(table).getOrCreate(ghost, new Date())).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(await charityData(table).setLive(ghost, '1', false, new Date())).toBe(false);
    expect(await partition(ghost)).toEqual([]);
  });

  it('refuses an ID token after sign-out everywhere, though Cognito would honour it for an hour', async () => {
    const c = await createCharity({ label: 'signed-out' });
    expect(await callApi('POST', '/api/me/sign-out', {}, { token: c.idToken })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const replay = await callApi(
      'PUT',
      '/api/me/locations',
      { locations: [], service_areas: [] },
      {
        token: c.idToken,
      },
    );
    expect(replay).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    expect(await getItem(c.userId, 'PREFS#LOCATIONS')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 2100));
    const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, c.email, c.password);
    expect((await callApi('GET', '/api/me/profile', undefined, { token: idToken })).status).toBe(200);
  });

  it('refuses tokens issued before the account cut-off (password change, reset), and takes new ones', async () => {
    const c = await createCharity({ label: 'revoked-token' });
    const iat = Number(claims(c.idToken).iat);
    const charities = charityData(testTable());
    await charities.revokeTokensBefore(c.userId, new Date((iat + 1) * 1000));
    expect(await callApi('GET', '/api/me/profile', undefined, { token: c.idToken })).toMatchObject({
      status: 401,
      body: { code: 'SESSION_ENDED', error: 'Your session has ended. Please sign in again.' },
    });
    expect(
      (await callApi('PUT', '/api/me/locations', { locations: [], service_areas: [] }, { token: c.idToken }))
        .status,
    ).toBe(401);
    expect(await getItem(c.userId, 'PREFS#LOCATIONS')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100));
    const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, c.email, c.password);
    expect((await callApi('GET', '/api/me/profile', undefined, { token: idToken })).status).toBe(200);
  });
});

describe('names cannot impersonate', () => {
  it('refuses bidi controls, zero-width and control characters in display and page names; stores NFC', async () => {
    const c = await createCharity({ label: 'names' });
    const bad = [
      'Official\u202Eeppa',
      'Kind\u200Bred',
      'Ch\u2066arity',
      'A\uFEFFB',
      'Tab\u0085here',
      'x\u200Fy',
    ];
    for (const name of bad) {
      const res = await callApi(
        'PUT',
        '/api/me/preferences/display-name',
        { display_name: name },
        {
          token: c.idToken,
        },
      );
      expect(res).toMatchObject({ status: 400, body: { field: 'display_name' } });
      expect(String(res.body.error)).toContain('invisible or text-direction characters');
    }
    expect((await getItem(c.userId, 'PROFILE'))?.display_name).toBeNull();
    const nfc = await callApi(
      'PUT',
      '/api/me/preferences/display-name',
      { display_name: 'Cafe\u0301 Club' },
      {
        token: c.idToken,
      },
    );
    expect(nfc.status).toBe(200);
    expect((await getItem(c.userId, 'PROFILE'))?.display_name).toBe('Caf\u00e9 Club');

    const media = await upload(c.idToken, { purpose: 'page' });
    const page = await callApi(
      'POST',
      '/api/me/pages',
      {
        pageId: media.pageId,
        name: 'Main\u202Epage',
        template_type: 'basic',
        content: { page_description: 'We feed families', about_text: 'Since 2004' },
        media: [{ key: media.key, alt: 'A test photo' }],
      },
      { token: c.idToken },
    );
    expect(page).toMatchObject({ status: 400, body: { field: 'name' } });
    expect(await itemsWithPrefix(c.userId, 'PAGE')).toEqual([]);
  });

  it('refuses inherited property names as template fields', async () => {
    const c = await createCharity({ label: 'proto-fields' });
    for (const field of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const media = await upload(c.idToken, { purpose: 'page' });
      const res = await callApi(
        'POST',
        '/api/me/pages',
        {
          pageId: media.pageId,
          name: `Page ${field}`,
          template_type: 'basic',
          content: JSON.parse(
            `{"${field}": "x", "page_description": "We feed families", "about_text": "Since 2004"}`,
          ),
          media: [{ key: media.key, alt: 'A test photo' }],
        },
        { token: c.idToken },
      );
      expect(res).toMatchObject({
        status: 400,
        body: { field: `content.${field}`, error: `This template has no field called ${field}` },
      });
    }
    expect(await itemsWithPrefix(c.userId, 'PAGE')).toEqual([]);
  });
});
