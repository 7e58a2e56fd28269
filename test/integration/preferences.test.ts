import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PreferenceMessage } from '@shared/preferences';
import { type PageWithMedia, pageData } from '../../lambdas/data/pages';
import { type ApiAnswer, callApi, mailTo } from '../support/api';
import { createCharity, getItem, type TestCharity } from '../support/charity';
import { applyCloudEnvironment } from '../support/cloud';
import { incomingKey, plantObject, storedBytes } from '../support/media';
import {
  completeOnboarding,
  connectPaymentAccount,
  eventsDelivered,
  payoutCode,
  startOnboarding,
  stripeGet,
  stripeSwitch,
  submitOnboardingPage,
} from '../support/payments';
import { testTable } from '../support/table';
import { withTwoStep } from '../support/two-step';

jest.setTimeout(60_000);

const info = applyCloudEnvironment();
const { appUrl, env } = info;
// The runtime configuration's media base (relative locally: the origin serves /media/*).
const mediaBaseUrl = new URL(info.runtimeConfig.mediaBaseUrl as string, appUrl).href.replace(/\/$/, '');

type Answer = ApiAnswer;

/** Calls the API through the local origin as the browser does (JSON body, ID token as bearer). */
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> => callApi(method, path, body, { token });

/** A small file whose first bytes are a JPEG's (the API judges the type by them). */
const jpegBytes = (fill: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    Buffer.alloc(2048, fill),
    Buffer.from([0xff, 0xd9]),
  ]);
const pngBytes = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(512, 7),
]);

/** create-media-upload for a profile image, then the file POSTed to the presigned form with fetch + FormData. */
async function uploadProfileFile(c: TestCharity, bytes: Buffer): Promise<string> {
  const grant = await api(
    'POST',
    '/api/me/media/uploads',
    { purpose: 'profile-image', contentType: 'image/jpeg', size: bytes.length },
    c.idToken,
  );
  expect(grant.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.body.fields as Record<string, string>)) {
    form.append(name, value);
  }
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
  const sent = await fetch(grant.body.url as string, { method: 'POST', body: form });
  expect(sent.status).toBeLessThan(300);
  return grant.body.key as string;
}

const mediaStatus = async (key: string) => (await fetch(`${mediaBaseUrl}/${key}`)).status;

describe('account preferences', () => {
  let charity: TestCharity;
  let other: TestCharity;
  beforeAll(async () => {
    [charity, other] = await Promise.all([
      createCharity({ label: 'prefs', charityName: 'Brambleford Community Larder' }),
      createCharity({ label: 'prefs-other', charityName: 'Hollowmere Riverside Trust' }),
    ]);
  });

  it('reads the caller’s own preferences, with the toggles on and no preferred email before any save', async () => {
    const res = await api('GET', '/api/me/preferences', undefined, charity.idToken);
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        charity: {
          id: charity.userId,
          charity_name: 'Brambleford Community Larder',
          display_name: null,
          email: charity.email,
          profile_image_name: null,
        },
        email_preferences: {
          preferred_email: null,
          tips_notifications: true,
          performance_updates: true,
          updated_at: null,
        },
        payments: {
          stripe_account_id: null,
          onboarding_started: false,
          finished_setting_up_account: false,
          charges_enabled: false,
          hmrc_reference: null,
          pending_change: null,
        },
      },
    });
  });

  it('refuses every preference route without a token (401)', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
      ['GET', '/api/me/preferences'],
      ['PUT', '/api/me/preferences/display-name', { display_name: 'Larder' }],
      ['PUT', '/api/me/preferences/email/preferred', { preferred_email: null }],
      [
        'PUT',
        '/api/me/preferences/email/notifications',
        { tips_notifications: true, performance_updates: true },
      ],
      ['POST', '/api/me/preferences/profile-image', { key: 'x' }],
      ['POST', '/api/cleanup-profile-image', { charityId: 'x', oldProfileImageName: 'y' }],
      ['DELETE', '/api/me/preferences/profile-image'],
      ['POST', '/api/me/preferences/payments/onboarding', {}],
      ['POST', '/api/me/preferences/payments/onboarding/complete', {}],
      ['PUT', '/api/me/preferences/payments/hmrc-reference', { hmrc_reference: 'AB12345' }],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await api(method, path, body)).status]).toEqual([path, 401]);
    }
  });

  describe('display name', () => {
    it('stores the name trimmed, and it is the name the dashboard shows', async () => {
      const res = await api(
        'PUT',
        '/api/me/preferences/display-name',
        { display_name: '   Brambleford Larder  ' },
        charity.idToken,
      );
      expect(res).toEqual({ status: 200, body: { success: true, display_name: 'Brambleford Larder' } });
      expect((await getItem(charity.userId, 'PROFILE'))?.display_name).toBe('Brambleford Larder');
      const profile = await api('GET', '/api/me/profile', undefined, charity.idToken);
      expect((profile.body.charity as Record<string, unknown>).display_name).toBe('Brambleford Larder');
    });

    it('takes exactly 100 characters (after trimming) and refuses 101, empty and blank with the spec’s words', async () => {
      const hundred = 'L'.repeat(100);
      expect(
        await api(
          'PUT',
          '/api/me/preferences/display-name',
          { display_name: ` ${hundred} ` },
          charity.idToken,
        ),
      ).toMatchObject({ status: 200, body: { display_name: hundred } });
      for (const [value, message] of [
        ['L'.repeat(101), 'Display name must be 100 characters or less'],
        ['', 'Display name cannot be empty'],
        ['    ', 'Display name cannot be empty'],
      ] as const) {
        const res = await api(
          'PUT',
          '/api/me/preferences/display-name',
          { display_name: value },
          charity.idToken,
        );
        expect(res).toMatchObject({
          status: 400,
          body: { success: false, error: message, field: 'display_name' },
        });
      }
      expect((await getItem(charity.userId, 'PROFILE'))?.display_name).toBe(hundred);
    });

    it('refuses bad shapes with a 4xx, never a 500', async () => {
      for (const body of [{}, { display_name: 42 }, { display_name: null }, { display_name: 'A', id: 'x' }]) {
        const res = await api('PUT', '/api/me/preferences/display-name', body, charity.idToken);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      }
    });
  });

  describe('email preferences', () => {
    it('upserts the preferred email and the toggles separately, each keeping the other', async () => {
      const saved = await api(
        'PUT',
        '/api/me/preferences/email/preferred',
        { preferred_email: '  hello@brambleford.example.org ' },
        other.idToken,
      );
      expect(saved).toMatchObject({
        status: 200,
        body: { success: true, preferred_email: 'hello@brambleford.example.org' },
      });
      let item = await getItem(other.userId, 'PREFS#EMAIL');
      expect(item).toMatchObject({
        charity_id: other.userId,
        preferred_email: 'hello@brambleford.example.org',
      });
      expect(item?.tips_notifications).toBeUndefined();

      const toggles = await api(
        'PUT',
        '/api/me/preferences/email/notifications',
        { tips_notifications: false, performance_updates: true },
        other.idToken,
      );
      expect(toggles).toMatchObject({
        status: 200,
        body: { success: true, tips_notifications: false, performance_updates: true },
      });
      item = await getItem(other.userId, 'PREFS#EMAIL');
      expect(item).toMatchObject({
        charity_id: other.userId,
        preferred_email: 'hello@brambleford.example.org',
        tips_notifications: false,
        performance_updates: true,
      });
      expect(typeof item?.updated_at).toBe('string');

      const read = await api('GET', '/api/me/preferences', undefined, other.idToken);
      expect(read.body.email_preferences).toMatchObject({
        preferred_email: 'hello@brambleford.example.org',
        tips_notifications: false,
        performance_updates: true,
      });
    });

    it('stores an empty preferred email as null', async () => {
      for (const empty of ['', '   ', null]) {
        await api(
          'PUT',
          '/api/me/preferences/email/preferred',
          { preferred_email: 'x@y.example.org' },
          other.idToken,
        );
        const res = await api(
          'PUT',
          '/api/me/preferences/email/preferred',
          { preferred_email: empty },
          other.idToken,
        );
        expect(res).toMatchObject({ status: 200, body: { preferred_email: null } });
        expect((await getItem(other.userId, 'PREFS#EMAIL'))?.preferred_email).toBeNull();
      }
    });

    it('refuses an address that is not one, and toggles that are not booleans', async () => {
      for (const bad of ['not-an-email', 'hello@larder', 'two words@larder.org']) {
        expect(
          await api('PUT', '/api/me/preferences/email/preferred', { preferred_email: bad }, other.idToken),
        ).toMatchObject({
          status: 400,
          body: { error: 'Please enter a valid email address', field: 'preferred_email' },
        });
      }
      for (const body of [
        {},
        { tips_notifications: 'yes', performance_updates: true },
        { tips_notifications: true },
        { tips_notifications: true, performance_updates: true, marketing: true },
      ]) {
        const res = await api('PUT', '/api/me/preferences/email/notifications', body, other.idToken);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      }
    });

    it('only ever touches the caller’s own item', async () => {
      const fresh = await createCharity({ label: 'prefs-own' });
      await api(
        'PUT',
        '/api/me/preferences/email/notifications',
        { tips_notifications: false, performance_updates: false },
        fresh.idToken,
      );
      expect(await getItem(charity.userId, 'PREFS#EMAIL')).toBeUndefined();
      expect(
        (await api('GET', '/api/me/preferences', undefined, charity.idToken)).body.email_preferences,
      ).toMatchObject({ tips_notifications: true, performance_updates: true });
    });
  });

  describe('profile image', () => {
    it('uploads through the presigned form, records the image, deletes the one it replaces, and serves it', async () => {
      const c = await createCharity({ label: 'prefs-image' });
      const firstKey = await uploadProfileFile(c, jpegBytes(1));
      expect(firstKey).toMatch(new RegExp(`^${c.userId}/profile_\\d+_[0-9a-f]{12}\\.jpg$`));
      const first = await api('POST', '/api/me/preferences/profile-image', { key: firstKey }, c.idToken);
      // Saved under a fresh name of its own: the upload form's key is never the recorded one.
      const firstName = first.body.profile_image_name as string;
      expect(firstName).toMatch(/^profile_\d+_[0-9a-f]{12}\.jpg$/);
      expect(firstName).not.toBe(firstKey.slice(c.userId.length + 1));
      expect(first).toEqual({
        status: 200,
        body: {
          success: true,
          profile_image_name: firstName,
          old_profile_image_name: null,
          old_image_removed: false,
        },
      });
      expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBe(firstName);
      expect(await mediaStatus(`${c.userId}/${firstName}`)).toBe(200);
      expect(await storedBytes(incomingKey(firstKey))).toBeNull();
      // The upload is consumed: saving it again is refused.
      expect(
        (await api('POST', '/api/me/preferences/profile-image', { key: firstKey }, c.idToken)).status,
      ).toBeGreaterThanOrEqual(400);

      const secondBytes = jpegBytes(2);
      const secondKey = await uploadProfileFile(c, secondBytes);
      const second = await api('POST', '/api/me/preferences/profile-image', { key: secondKey }, c.idToken);
      const secondName = second.body.profile_image_name as string;
      expect(second.body).toEqual({
        success: true,
        profile_image_name: expect.stringMatching(/^profile_\d+_[0-9a-f]{12}\.jpg$/),
        old_profile_image_name: firstName,
        old_image_removed: true,
      });
      expect(await mediaStatus(`${c.userId}/${firstName}`)).toBe(404);
      expect(secondName).not.toBe(firstName);

      // The dashboard header's URL: `${mediaBaseUrl}/${id}/${profile_image_name}`.
      const profile = await api('GET', '/api/me/profile', undefined, c.idToken);
      const charityRecord = profile.body.charity as { id: string; profile_image_name: string };
      const served = await fetch(`${mediaBaseUrl}/${charityRecord.id}/${charityRecord.profile_image_name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(secondBytes)).toBe(true);
    });

    it.each([
      ['a PNG', pngBytes],
      ['a text file', Buffer.from('Dear trustees, the minutes of the last meeting are attached.\n')],
    ])('refuses %s sent under a JPEG upload, and deletes it', async (_label, bytes) => {
      const c = await createCharity({ label: 'prefs-badfile' });
      const key = await uploadProfileFile(c, bytes);
      expect(await storedBytes(incomingKey(key))).not.toBeNull();
      expect(await mediaStatus(incomingKey(key))).toBe(404);
      const res = await api('POST', '/api/me/preferences/profile-image', { key }, c.idToken);
      expect(res).toMatchObject({ status: 400, body: { code: 'UPLOAD_MISMATCH', field: 'key' } });
      expect(await storedBytes(incomingKey(key))).toBeNull();
      expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBeNull();
    });

    it('refuses keys it did not issue to the caller, including another charity’s upload', async () => {
      const c = await createCharity({ label: 'prefs-key' });
      const othersKey = await uploadProfileFile(other, jpegBytes(3));
      for (const key of [
        othersKey,
        `${c.userId}/profile_1760000000000_0123456789ab.jpg`,
        `${c.userId}/x.jpg`,
      ]) {
        const res = await api('POST', '/api/me/preferences/profile-image', { key }, c.idToken);
        expect(res).toMatchObject({ status: 400, body: { code: 'UPLOAD_NOT_FOUND' } });
      }
      // The other charity's file is untouched and still theirs to save.
      expect(await storedBytes(incomingKey(othersKey))).not.toBeNull();
      expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBeNull();
    });

    it('remove-profile-image clears the image and deletes its file, only for the caller, idempotently', async () => {
      const c = await createCharity({ label: 'prefs-remove' });
      const saved = await api(
        'POST',
        '/api/me/preferences/profile-image',
        { key: await uploadProfileFile(c, jpegBytes(6)) },
        c.idToken,
      );
      const name = saved.body.profile_image_name as string;
      const key = `${c.userId}/${name}`;
      expect(await mediaStatus(key)).toBe(200);

      // No token: the gateway refuses it, and nothing changes.
      expect((await api('DELETE', '/api/me/preferences/profile-image')).status).toBe(401);
      // Another account acts only on its own profile (it has no image): the caller's image stays.
      expect(await api('DELETE', '/api/me/preferences/profile-image', undefined, other.idToken)).toEqual({
        status: 200,
        body: {
          success: true,
          profile_image_name: null,
          old_profile_image_name: null,
          old_image_removed: false,
        },
      });
      expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBe(name);
      expect(await mediaStatus(key)).toBe(200);

      expect(await api('DELETE', '/api/me/preferences/profile-image', undefined, c.idToken)).toEqual({
        status: 200,
        body: {
          success: true,
          profile_image_name: null,
          old_profile_image_name: name,
          old_image_removed: true,
        },
      });
      expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBeNull();
      expect(await storedBytes(key)).toBeNull();
      expect(await mediaStatus(key)).toBe(404);
      const prefs = await api('GET', '/api/me/preferences', undefined, c.idToken);
      expect((prefs.body.charity as { profile_image_name: unknown }).profile_image_name).toBeNull();

      // Again: nothing left to remove, still a success.
      expect(await api('DELETE', '/api/me/preferences/profile-image', undefined, c.idToken)).toEqual({
        status: 200,
        body: {
          success: true,
          profile_image_name: null,
          old_profile_image_name: null,
          old_image_removed: false,
        },
      });
    });

    it('cleanup-profile-image deletes an old image of the caller only', async () => {
      const c = await createCharity({ label: 'prefs-cleanup' });
      const uploadedKey = await uploadProfileFile(c, jpegBytes(4));
      const saved = await api('POST', '/api/me/preferences/profile-image', { key: uploadedKey }, c.idToken);
      const currentName = saved.body.profile_image_name as string;
      const currentKey = `${c.userId}/${currentName}`;
      // A replaced image whose deletion failed: left in the charity's folder.
      const strayName = 'profile_1760000000000_0123456789ab.jpg';
      const strayKey = `${c.userId}/${strayName}`;
      await plantObject(strayKey, jpegBytes(5));

      // Another charity's id: refused, and nothing is deleted.
      const foreign = await api(
        'POST',
        '/api/cleanup-profile-image',
        { charityId: c.userId, oldProfileImageName: strayName },
        other.idToken,
      );
      expect(foreign).toMatchObject({ status: 403, body: { success: false } });
      expect(await mediaStatus(strayKey)).toBe(200);

      for (const name of ['../other/profile_1.jpg', 'pages/p/1760000000000_0123456789ab.jpg', 'avatar.png']) {
        expect(
          await api(
            'POST',
            '/api/cleanup-profile-image',
            { charityId: c.userId, oldProfileImageName: name },
            c.idToken,
          ),
        ).toMatchObject({ status: 400, body: { field: 'oldProfileImageName' } });
      }
      expect(
        await api(
          'POST',
          '/api/cleanup-profile-image',
          { charityId: c.userId, oldProfileImageName: currentName },
          c.idToken,
        ),
      ).toMatchObject({ status: 409 });
      expect(await mediaStatus(currentKey)).toBe(200);

      expect(
        await api(
          'POST',
          '/api/cleanup-profile-image',
          { charityId: c.userId, oldProfileImageName: strayName },
          c.idToken,
        ),
      ).toEqual({ status: 200, body: { success: true } });
      expect(await mediaStatus(strayKey)).toBe(404);
    });
  });

  describe('payments through Stripe’s onboarding (the local Stripe)', () => {
    const putPage = (userId: string, pageId: string) =>
      pageData(testTable()).create({
        userId,
        page: {
          id: pageId,
          charity_id: userId,
          name: 'Our larder',
          template_type: 'basic',
          content: { page_description: 'Good food for every neighbour.', about_text: 'Since 2019.' },
          is_live: false,
          version: 0,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
        media: [],
        consume: [],
        goLive: false,
      });

    it('starts with Stripe’s hosted page, says what is missing until it is submitted, then links the account', async () => {
      const c = await withTwoStep(await createCharity({ label: 'prefs-pay-journey' }));
      // Back from Stripe before any start: nothing to complete.
      expect(await completeOnboarding(c.idToken)).toMatchObject({
        status: 409,
        body: { code: 'NO_ONBOARDING', error: PreferenceMessage.NoOnboardingStarted },
      });
      const started = await startOnboarding(c.idToken, await payoutCode(c));
      expect(started).toEqual({
        status: 200,
        body: { success: true, url: expect.stringMatching(/\/setup\/e\/link_\w+$/) },
      });
      expect((started.body.url as string).startsWith(`${info.stripe.url}/setup/e/`)).toBe(true);
      const onboarding = (await getItem(c.userId, 'PROFILE'))?.stripe_onboarding_account_id as string;
      expect(onboarding).toMatch(/^acct_\w+$/);
      // The account at Stripe is an Express account made for this charity, named in its metadata.
      expect(await stripeGet(`/v1/accounts/${onboarding}`)).toMatchObject({
        type: 'express',
        country: 'GB',
        business_type: 'non_profit',
        email: c.email,
        metadata: { charity_id: c.userId },
        details_submitted: false,
      });

      // Back before submitting the page: not linked, and said why; the page offers to continue.
      expect(await completeOnboarding(c.idToken)).toEqual({
        status: 200,
        body: {
          success: true,
          linked: false,
          stripe_account_id: null,
          finished_setting_up_account: false,
          charges_enabled: false,
          message: PreferenceMessage.StripeNeedsDetails,
        },
      });
      expect((await api('GET', '/api/me/preferences', undefined, c.idToken)).body.payments).toMatchObject({
        stripe_account_id: null,
        onboarding_started: true,
      });

      // A second start continues the same account with a fresh link; submitting it returns to the payments page.
      const again = await startOnboarding(c.idToken);
      expect(again.body.url).not.toBe(started.body.url);
      expect((await getItem(c.userId, 'PROFILE'))?.stripe_onboarding_account_id).toBe(onboarding);
      expect(await submitOnboardingPage(again.body.url as string)).toBe(
        `${env.SITE_URL}/charity/preferences/payments?stripe=return`,
      );
      // The used link only leads back to the page's refresh address.
      const used = await fetch(again.body.url as string, { redirect: 'manual' });
      expect(used.headers.get('location')).toBe(
        `${env.SITE_URL}/charity/preferences/payments?stripe=refresh`,
      );

      expect(await completeOnboarding(c.idToken)).toEqual({
        status: 200,
        body: {
          success: true,
          linked: true,
          stripe_account_id: onboarding,
          finished_setting_up_account: false,
          charges_enabled: true,
        },
      });
      expect(await getItem(c.userId, 'PROFILE')).toMatchObject({
        stripe_account_id: onboarding,
        stripe_charges_enabled: true,
      });
    });

    it('finishes setup only with payment details and a main page; one notice per new account', async () => {
      const c = await connectPaymentAccount(await createCharity({ label: 'prefs-pay' }));
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(false);
      const notices = async () =>
        (await mailTo(c.email)).filter((m) => m.subject.includes('payment account of')).length;
      expect(await notices()).toBe(1);

      // With a main page, coming back from Stripe again (Update Details with Stripe) finishes the setup.
      await putPage(c.userId, 'b6a3c0de-0000-4000-8000-000000000001');
      // Every start proves the register's email again (Stripe's pages can change the bank account).
      const again = await startOnboarding(c.idToken, await payoutCode(c));
      await submitOnboardingPage(again.body.url as string);
      expect((await completeOnboarding(c.idToken)).body).toEqual({
        success: true,
        linked: true,
        stripe_account_id: c.accountId,
        finished_setting_up_account: true,
        charges_enabled: true,
      });
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(true);
      const profile = await api('GET', '/api/me/profile', undefined, c.idToken);
      expect(profile.body.verification).toMatchObject({ finished_setting_up_account: true });
      expect((await api('GET', '/api/me/preferences', undefined, c.idToken)).body.payments).toEqual({
        stripe_account_id: c.accountId,
        onboarding_started: false,
        finished_setting_up_account: true,
        charges_enabled: true,
        hmrc_reference: null,
        pending_change: null,
      });
      // The same account again is no change: no second notice.
      expect(await notices()).toBe(1);
    });

    it('says whether the account can take donations, as Stripe’s account.updated events say', async () => {
      const c = await connectPaymentAccount(await createCharity({ label: 'prefs-pay-charges' }));
      const chargesEnabled = async () =>
        (await api('GET', '/api/me/preferences', undefined, c.idToken)).body.payments as Record<
          string,
          unknown
        >;
      expect(await chargesEnabled()).toMatchObject({ charges_enabled: true });
      await stripeSwitch(`accounts/${c.accountId}`, { enabled: false });
      await eventsDelivered();
      expect(await chargesEnabled()).toMatchObject({
        stripe_account_id: c.accountId,
        charges_enabled: false,
      });
      await stripeSwitch(`accounts/${c.accountId}`, { enabled: true });
      await eventsDelivered();
      expect(await chargesEnabled()).toMatchObject({ charges_enabled: true });
    });

    it('recomputeFinishedSetup follows pages coming and going, also under parallel calls', async () => {
      const { createTable } = await import('../../lambdas/data/table');
      const { recomputeFinishedSetup } = await import('../../lambdas/domain/preferences/setup-status');
      const table = createTable(env.TABLE_NAME as string);
      const c = await withTwoStep(await createCharity({ label: 'prefs-recompute' }));
      const started = await startOnboarding(c.idToken, await payoutCode(c));
      await submitOnboardingPage(started.body.url as string);
      const pageId = 'b6a3c0de-0000-4000-8000-000000000002';

      // A page without payment details: not finished.
      await putPage(c.userId, pageId);
      await expect(recomputeFinishedSetup({ table }, c.userId)).resolves.toBe(false);
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(false);

      // Payments linked after the page (back from Stripe's onboarding): finished.
      expect((await completeOnboarding(c.idToken)).body).toMatchObject({
        linked: true,
        finished_setting_up_account: true,
      });
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(true);

      // The page deleted (its media items would sort under it): not finished again.
      const pages = pageData(testTable());
      await pages.remove(c.userId, (await pages.get(c.userId, pageId)) as PageWithMedia);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => recomputeFinishedSetup({ table }, c.userId)),
      );
      expect(results.every((r) => r === false)).toBe(true);
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(false);

      // A page saved while payments are linked, each followed by its recompute, in parallel: ends finished.
      await putPage(c.userId, pageId);
      await Promise.all([
        recomputeFinishedSetup({ table }, c.userId),
        recomputeFinishedSetup({ table }, c.userId),
        completeOnboarding(c.idToken),
      ]);
      expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(true);
      // Only the charity's own items count: another charity's page finishes nothing here.
      await expect(recomputeFinishedSetup({ table }, other.userId)).resolves.toBe(false);
    });

    it('another charity cannot touch the account: the charity is always the token’s', async () => {
      const c = await connectPaymentAccount(await createCharity({ label: 'prefs-pay-own' }));
      const stranger = await withTwoStep(await createCharity({ label: 'prefs-pay-stranger' }));
      // A body naming the charity is refused outright; without one, the stranger reaches only its own state.
      for (const path of [
        '/api/me/preferences/payments/onboarding',
        '/api/me/preferences/payments/onboarding/complete',
      ]) {
        expect(await api('POST', path, { charityId: c.userId }, stranger.idToken)).toMatchObject({
          status: 400,
          body: { error: 'Unknown field: charityId' },
        });
      }
      expect(await completeOnboarding(stranger.idToken)).toMatchObject({
        status: 409,
        body: { code: 'NO_ONBOARDING' },
      });
      const theirs = await startOnboarding(stranger.idToken, await payoutCode(stranger));
      await submitOnboardingPage(theirs.body.url as string);
      const linked = await completeOnboarding(stranger.idToken);
      expect(linked.body).toMatchObject({ linked: true });
      expect(linked.body.stripe_account_id).not.toBe(c.accountId);
      expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe(c.accountId);
    });
  });

  describe('HMRC charity reference (save-hmrc-reference)', () => {
    const HMRC = '/api/me/preferences/payments/hmrc-reference';
    const stored = async (userId: string) => (await getItem(userId, 'PROFILE'))?.hmrc_reference;
    const shown = async (token: string) =>
      ((await api('GET', '/api/me/preferences', undefined, token)).body.payments as Record<string, unknown>)
        .hmrc_reference;

    it('refuses what is not a reference as HMRC gives them, by the field, storing nothing', async () => {
      const c = await createCharity({ label: 'prefs-hmrc-bad' });
      for (const hmrc_reference of ['ABC1234', 'AB123456', '12', 'AB-12345', '12AB', 'X'.repeat(41), 12345]) {
        expect([hmrc_reference, await api('PUT', HMRC, { hmrc_reference }, c.idToken)]).toEqual([
          hmrc_reference,
          {
            status: 400,
            body: expect.objectContaining({
              success: false,
              field: 'hmrc_reference',
              error: PreferenceMessage.HmrcReferenceFormat,
            }),
          },
        ]);
      }
      expect(await api('PUT', HMRC, {}, c.idToken)).toMatchObject({
        status: 400,
        body: { field: 'hmrc_reference' },
      });
      expect(await stored(c.userId)).toBeUndefined();
      expect(await shown(c.idToken)).toBeNull();
    });

    it('stores it without spaces and in capitals, shows it, and removes it with null or empty', async () => {
      const c = await createCharity({ label: 'prefs-hmrc' });
      expect(await api('PUT', HMRC, { hmrc_reference: ' ab 123 45 ' }, c.idToken)).toEqual({
        status: 200,
        body: { success: true, hmrc_reference: 'AB12345' },
      });
      expect(await stored(c.userId)).toBe('AB12345');
      expect(await shown(c.idToken)).toBe('AB12345');
      // Digits alone, and a one-letter reference, are HMRC's too; a new one replaces the old.
      expect((await api('PUT', HMRC, { hmrc_reference: 'x1234' }, c.idToken)).body.hmrc_reference).toBe(
        'X1234',
      );
      expect(await stored(c.userId)).toBe('X1234');

      expect(await api('PUT', HMRC, { hmrc_reference: null }, c.idToken)).toEqual({
        status: 200,
        body: { success: true, hmrc_reference: null },
      });
      expect(await stored(c.userId)).toBeNull();
      expect(await shown(c.idToken)).toBeNull();
      await api('PUT', HMRC, { hmrc_reference: '1234567' }, c.idToken);
      expect(await stored(c.userId)).toBe('1234567');
      expect(await api('PUT', HMRC, { hmrc_reference: '   ' }, c.idToken)).toEqual({
        status: 200,
        body: { success: true, hmrc_reference: null },
      });
      expect(await stored(c.userId)).toBeNull();
    });

    it('changes only the caller’s own profile: another charity’s token cannot set or remove it', async () => {
      const [mine, theirs] = await Promise.all([
        createCharity({ label: 'prefs-hmrc-mine' }),
        createCharity({ label: 'prefs-hmrc-theirs' }),
      ]);
      await api('PUT', HMRC, { hmrc_reference: 'AB12345' }, mine.idToken);
      // A body naming the other charity is refused outright.
      for (const extra of [{ charityId: mine.userId }, { userId: mine.userId }]) {
        const field = Object.keys(extra)[0];
        expect(await api('PUT', HMRC, { hmrc_reference: null, ...extra }, theirs.idToken)).toMatchObject({
          status: 400,
          body: { error: `Unknown field: ${field}` },
        });
      }
      // The other charity's own calls change only its own reference.
      expect((await api('PUT', HMRC, { hmrc_reference: 'CD67890' }, theirs.idToken)).status).toBe(200);
      expect((await api('PUT', HMRC, { hmrc_reference: null }, theirs.idToken)).status).toBe(200);
      expect(await stored(mine.userId)).toBe('AB12345');
      expect(await shown(mine.idToken)).toBe('AB12345');
      expect(await stored(theirs.userId)).toBeNull();
    });
  });

  describe('payments domain against the real table (Stripe faked on loopback: its answers chosen here)', () => {
    let server: http.Server;
    let baseUrl: string;
    const accounts = new Map<string, { details_submitted: boolean; metadata: Record<string, string> }>();
    const seen: string[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen.push(`${req.method} ${req.url}`);
          const form = new URLSearchParams(Buffer.concat(chunks).toString());
          res.setHeader('content-type', 'application/json');
          if (req.method === 'POST' && req.url === '/v1/accounts') {
            const id = `acct_1Fake${accounts.size + 1}`;
            accounts.set(id, {
              details_submitted: false,
              metadata: { charity_id: form.get('metadata[charity_id]') ?? '' },
            });
            res.end(JSON.stringify({ id, object: 'account' }));
          } else if (req.method === 'POST' && req.url === '/v1/account_links') {
            res.end(
              JSON.stringify({
                object: 'account_link',
                url: `https://connect.stripe.example/setup/${form.get('account')}?return=${encodeURIComponent(form.get('return_url') ?? '')}`,
              }),
            );
          } else if (req.method === 'GET' && req.url?.startsWith('/v1/accounts/')) {
            const id = decodeURIComponent(req.url.slice('/v1/accounts/'.length));
            const account = accounts.get(id);
            res.statusCode = account ? 200 : 404;
            res.end(
              JSON.stringify(
                account
                  ? { id, ...account }
                  : { error: { type: 'invalid_request_error', code: 'resource_missing' } },
              ),
            );
          } else {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: { type: 'invalid_request_error' } }));
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('creates one Express account, links back to the payments page, and stores the account once details are in', async () => {
      const { createTable } = await import('../../lambdas/data/table');
      const { preferenceData } = await import('../../lambdas/data/preferences');
      const { stripePayments } = await import('../../lambdas/adapters/payments');
      const { startPaymentOnboarding, completePaymentOnboarding } = await import(
        '../../lambdas/domain/preferences/payments'
      );
      const { requireTwoStepSession } = await import('../../lambdas/domain/security/two-step');
      const { twoStepGuardDeps } = await import('../../lambdas/wiring/two-step');
      const { charityData } = await import('../../lambdas/data/charities');
      const { notMeTokens } = await import('../../lambdas/data/not-me-tokens');
      const table = createTable(env.TABLE_NAME as string);
      const sent: string[] = [];
      const deps = {
        table,
        // This test is about Stripe: the register-email proof stands (its attacks: payout-account.test.ts).
        guard: await provenGuard(table),
        charities: charityData(table),
        notMe: { tokens: notMeTokens(table), siteUrl: 'https://kindred.example.org/' },
        prefs: preferenceData(table),
        payments: stripePayments({ secretKey: async () => 'sk_test_fake', baseUrl }),
        siteUrl: 'https://kindred.example.org/',
        requireTwoStep: (caller: { userId: string; email: string | undefined; issuedAt?: number }) =>
          requireTwoStepSession(twoStepGuardDeps(), caller, 'payments'),
        email: { send: async (m: { to: string }) => void sent.push(m.to) },
        profileOf: charityData(table).getProfile,
        setChargesEnabled: charityData(table).setChargesEnabled,
        clock: { now: () => new Date() },
        warn: () => undefined,
      };
      const plain = await createCharity({ label: 'prefs-stripe-plain' });
      // A password-only session starts and completes nothing.
      const passwordOnly = {
        userId: plain.userId,
        email: plain.email,
        issuedAt: Math.floor(Date.now() / 1000),
      };
      await expect(startPaymentOnboarding(deps, passwordOnly)).rejects.toMatchObject({
        statusCode: 403,
        code: 'MFA_REQUIRED',
      });
      await expect(completePaymentOnboarding(deps, passwordOnly)).rejects.toMatchObject({
        statusCode: 403,
        code: 'MFA_REQUIRED',
      });
      expect((await getItem(plain.userId, 'PROFILE'))?.stripe_onboarding_account_id).toBeUndefined();

      const c = await withTwoStep(await createCharity({ label: 'prefs-stripe' }));
      const iat = JSON.parse(Buffer.from(c.idToken.split('.')[1] as string, 'base64url').toString()).iat;
      const caller = { userId: c.userId, email: c.email, issuedAt: iat as number };
      await expect(completePaymentOnboarding(deps, caller)).rejects.toMatchObject({
        statusCode: 409,
        code: 'NO_ONBOARDING',
      });

      const started = await startPaymentOnboarding(deps, caller);
      expect(started.url).toBe(
        `https://connect.stripe.example/setup/acct_1Fake1?return=${encodeURIComponent('https://kindred.example.org/charity/preferences/payments?stripe=return')}`,
      );
      expect(await getItem(c.userId, 'PROFILE')).toMatchObject({
        stripe_onboarding_account_id: 'acct_1Fake1',
        stripe_account_id: null,
      });
      // A second start continues the same account: only a new link.
      seen.length = 0;
      await startPaymentOnboarding(deps, caller);
      expect(seen).toEqual(['POST /v1/account_links']);

      // Back from Stripe before finishing: not linked, and said why.
      await expect(completePaymentOnboarding(deps, caller)).resolves.toEqual({
        success: true,
        linked: false,
        stripe_account_id: null,
        finished_setting_up_account: false,
        charges_enabled: false,
        message: expect.stringContaining('Stripe still needs a few details'),
      });
      expect((await api('GET', '/api/me/preferences', undefined, c.idToken)).body.payments).toMatchObject({
        onboarding_started: true,
        stripe_account_id: null,
      });

      accounts.set('acct_1Fake1', { details_submitted: true, metadata: { charity_id: c.userId } });
      await expect(completePaymentOnboarding(deps, caller)).resolves.toEqual({
        success: true,
        linked: true,
        stripe_account_id: 'acct_1Fake1',
        finished_setting_up_account: false,
        charges_enabled: false,
      });
      expect((await getItem(c.userId, 'PROFILE'))?.stripe_account_id).toBe('acct_1Fake1');
      expect(sent.sort()).toEqual([c.email, `hello-${c.registrationNumber}@example.org`].sort());
    });

    it('says payments are unavailable (503, no details) when Stripe refuses our key', async () => {
      const { createTable } = await import('../../lambdas/data/table');
      const { preferenceData } = await import('../../lambdas/data/preferences');
      const { createPayments } = await import('../../lambdas/adapters/payments');
      const { startPaymentOnboarding } = await import('../../lambdas/domain/preferences/payments');
      const table = createTable(env.TABLE_NAME as string);
      const c = await createCharity({ label: 'prefs-stripe-down' });
      const deps = {
        guard: await provenGuard(table),
        prefs: preferenceData(table),
        payments: createPayments({ PAYMENTS_MODE: 'stripe', STRIPE_API_BASE_URL: baseUrl }),
        siteUrl: 'https://kindred.example.org',
        // This test is about Stripe's refusal: the session check passes.
        requireTwoStep: async () => undefined,
      };
      await expect(startPaymentOnboarding(deps, { userId: c.userId, email: c.email })).rejects.toMatchObject({
        statusCode: 503,
        message: 'Payment setup is temporarily unavailable. Please try again in a moment.',
      });
    });
  });
});

/** The register-email guard of payout changes, with a standing proof (tests about Stripe, not the proof). */
async function provenGuard(table: import('../../lambdas/data/table').Table) {
  const { payoutGuardDeps } = await import('../../lambdas/wiring/payout-guard');
  const guard = payoutGuardDeps(table);
  return {
    ...guard,
    charities: {
      ...guard.charities,
      getCode: async () => ({ proved_until: Date.now() + 3_600_000 }) as never,
      consumePayoutProof: async () => true,
    },
  };
}
