import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { charityData } from '../../lambdas/data/charities';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { createCharity, getItem, itemsWithPrefix, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { cognitoClient, signIn } from '../support/identity';
import { fakeJpeg, incomingKey, mediaStatus, storedBytes, upload } from '../support/media';
import { testTable } from '../support/table';
import { expireUploadForm } from '../support/tampering';

/**
 * Issue 14, items 3 and 4, tried as a hostile user would: upload forms that outlive their save, stale forms,
 * unsaved uploads read through the CDN, forms for a deleted account, reset links, and a changed password.
 */
jest.setTimeout(60_000);

const { env, appUrl } = cloud();
const CONTENT = { page_description: 'Warm meals for families.', about_text: 'Every Friday since 2019.' };
const NEW_PASSWORD = 'Brambleford-New-Pass-42!';
const EVIL = Buffer.from('<html><script>alert(document.domain)</script></html>');

/** Posts an upload form again, as an attacker holding it would (the local S3 stand-in enforces no policy). */
async function repost(form: { url: string; fields: Record<string, string> }, body: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }));
  return (await fetch(form.url, { method: 'POST', body: data })).status;
}

async function createPage(c: TestCharity, key: string, pageId: string) {
  return post(
    '/api/me/pages',
    {
      pageId,
      name: `Page ${Date.now()}`,
      template_type: 'basic',
      content: CONTENT,
      media: [{ key, alt: 'A test photo' }],
    },
    { token: c.idToken },
  );
}

const served = async (key: string) => {
  const res = await fetch(`${appUrl}/media/${key}`);
  return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status;
};

describe('uploads land outside the public tree', () => {
  it('a form posted again after the save changes nothing public, and cannot be saved again', async () => {
    const c = await createCharity({ label: 'hostile-repost' });
    const original = fakeJpeg(3000);
    const u = await upload(c.idToken, { purpose: 'page' }, original);
    const created = await createPage(c, u.key, u.pageId as string);
    expect(created.status).toBe(200);
    const saved = (created.body.page as { id: string; media: { file_path: string }[] }).media[0]
      ?.file_path as string;
    expect(saved).not.toBe(u.key);
    expect(await storedBytes(saved)).toEqual(original);
    expect(await served(saved)).toEqual(original);
    // The incoming object is gone once saved.
    expect(await storedBytes(incomingKey(u.key))).toBeNull();

    // The attacker posts the same form again with other bytes: it lands in incoming/ only.
    expect(await repost(u.form, EVIL)).toBeLessThan(300);
    expect(await storedBytes(saved)).toEqual(original);
    expect(await served(saved)).toEqual(original);
    expect(await served(incomingKey(u.key))).toBe(404);
    // And the grant is spent: naming the key again in a save is refused.
    const again = await callApi(
      'PUT',
      `/api/me/pages/${(created.body.page as { id: string }).id}`,
      { content: CONTENT, media: [{ key: u.key, alt: 'A test photo' }] },
      { token: c.idToken },
    );
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await storedBytes(saved)).toEqual(original);
  });

  it('the same holds for a profile image', async () => {
    const c = await createCharity({ label: 'hostile-repost-profile' });
    const original = fakeJpeg(2500);
    const u = await upload(c.idToken, { purpose: 'profile-image' }, original);
    const res = await post('/api/me/preferences/profile-image', { key: u.key }, { token: c.idToken });
    expect(res.status).toBe(200);
    const key = `${c.userId}/${res.body.profile_image_name as string}`;
    expect(await repost(u.form, EVIL)).toBeLessThan(300);
    expect(await served(key)).toEqual(original);
    expect((await getItem(c.userId, 'PROFILE'))?.profile_image_name).toBe(res.body.profile_image_name);
  });

  it('forms live five minutes: the policy says so, and a file stored after its form expired is refused', async () => {
    const c = await createCharity({ label: 'hostile-stale' });
    const before = Date.now();
    const u = await upload(c.idToken, { purpose: 'page' });
    const policy = JSON.parse(Buffer.from(u.form.fields.Policy as string, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    const expiresIn = Date.parse(policy.expiration) - before;
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    expect(policy.conditions).toContainEqual(['eq', '$key', incomingKey(u.key)]);

    // Six minutes later, as far as the grant knows: the form expired a minute ago. S3 would refuse the POST;
    // the local stand-in stores it, so the save must refuse it by the time it was stored.
    await expireUploadForm(c.userId, u.key, new Date(Date.now() - 60_000));
    expect(await repost(u.form, fakeJpeg())).toBeLessThan(300);
    const res = await createPage(c, u.key, u.pageId as string);
    expect(res).toMatchObject({ status: 400, body: { code: 'UPLOAD_NOT_FOUND', field: 'media' } });
    expect(await itemsWithPrefix(c.userId, 'PAGE#')).toEqual([]);
    expect(await storedBytes(incomingKey(u.key))).toBeNull();
  });

  it('nothing under incoming/ is served at /media, however it is spelt', async () => {
    const c = await createCharity({ label: 'hostile-incoming' });
    const u = await upload(c.idToken, { purpose: 'page' });
    expect(await storedBytes(incomingKey(u.key))).not.toBeNull();
    for (const path of [
      incomingKey(u.key),
      `/${incomingKey(u.key)}`,
      `%69ncoming/${u.key}`,
      `incoming%2F${u.key}`,
    ]) {
      expect({ path, status: await mediaStatus(path) }).toEqual({ path, status: 404 });
      expect({ path, status: (await fetch(`${appUrl}/media/${path}`)).status }).toEqual({
        path,
        status: 404,
      });
    }
  });

  it('a deleted account keeps no unsaved uploads and gets no upload form, and nothing is stored', async () => {
    const c = await createCharity({ label: 'hostile-deleted' });
    const unsaved = await upload(c.idToken, { purpose: 'page' });
    expect((await post('/api/delete-charity-account', {}, { token: c.idToken })).status).toBe(200);
    // Its unsaved uploads went with it.
    expect(await storedBytes(incomingKey(unsaved.key))).toBeNull();
    const res = await post(
      '/api/me/media/uploads',
      { purpose: 'page', contentType: 'image/jpeg', size: 2048 },
      { token: c.idToken },
    );
    expect([401, 404]).toContain(res.status);
    expect(res.body.url).toBeUndefined();
    expect(await itemsWithPrefix(c.userId, 'UPLOAD#')).toEqual([]);
  });

  it('an account gone between the token check and the write gets no grant either', async () => {
    const c = await createCharity({ label: 'hostile-gone' });
    // Only the profile goes: the token itself is still accepted, the grant's own write must refuse.
    await charityData(testTable()).removeProfile(c.userId);
    const res = await post(
      '/api/me/media/uploads',
      { purpose: 'profile-image', contentType: 'image/jpeg', size: 2048 },
      { token: c.idToken },
    );
    expect([401, 404]).toContain(res.status);
    expect(await itemsWithPrefix(c.userId, 'UPLOAD#')).toEqual([]);
  });
});

/** The reset links mailed to an address, newest last. */
async function resetLinks(email: string): Promise<string[]> {
  return (await mailTo(email))
    .filter((m) => m.subject.startsWith('Reset'))
    .map((m) => /(http:\/\/\S+\/charity\/reset-password\S*)/.exec(m.text)?.[1] as string);
}
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') as string;

describe('reset links and password changes', () => {
  it('the reset link carries its token in the fragment only', async () => {
    const c = await createCharity({ label: 'hostile-fragment' });
    await post('/api/send-password-reset', { email: c.email }, { from: freshAddress() });
    const [link] = await resetLinks(c.email);
    const url = new URL(link as string);
    expect(url.pathname).toBe('/charity/reset-password');
    expect(url.search).toBe('');
    expect(url.hash).toMatch(/^#token=[\w-]{43,}$/);
    expect(await post('/api/validate-reset-token', { token: tokenOf(link as string) })).toEqual({
      status: 200,
      body: { valid: true },
    });
  });

  it('using one reset link voids every other outstanding link of the user, and revokes old tokens', async () => {
    const c = await createCharity({ label: 'hostile-voids' });
    for (let i = 0; i < 2; i++)
      await post('/api/send-password-reset', { email: c.email }, { from: freshAddress() });
    const [first, second] = (await resetLinks(c.email)).map(tokenOf) as [string, string];
    expect(first).not.toBe(second);
    for (const token of [first, second])
      expect((await post('/api/validate-reset-token', { token })).body).toEqual({ valid: true });

    const at = Math.floor(Date.now() / 1000);
    expect(
      await post('/api/reset-password-with-token', { token: second, newPassword: NEW_PASSWORD }),
    ).toMatchObject({ status: 200 });
    expect((await post('/api/validate-reset-token', { token: first })).body).toMatchObject({ valid: false });
    expect(
      await post('/api/reset-password-with-token', { token: first, newPassword: 'Another-New-Pass-77!' }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_RESET_TOKEN' } });
    // The password is the one set with the used link.
    await expect(signIn(env.CHARITY_CLIENT_ID as string, c.email, NEW_PASSWORD)).resolves.toHaveProperty(
      'idToken',
    );
    expect(Number((await getItem(c.userId, 'PROFILE'))?.tokens_valid_after)).toBeGreaterThanOrEqual(at);

    // A link asked for afterwards works.
    await post('/api/send-password-reset', { email: c.email }, { from: freshAddress() });
    const third = tokenOf((await resetLinks(c.email)).at(-1) as string);
    expect((await post('/api/validate-reset-token', { token: third })).body).toEqual({ valid: true });
  });

  it('a password change signs out every other session, revokes old tokens and tells the user by email', async () => {
    const c = await createCharity({ label: 'hostile-change' });
    const other = await signIn(env.CHARITY_CLIENT_ID as string, c.email, c.password);
    const at = Math.floor(Date.now() / 1000);
    const res = await post(
      '/api/me/password',
      { currentPassword: c.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: c.idToken },
    );
    expect(res.status).toBe(200);
    await expect(
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: env.CHARITY_CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: other.refreshToken },
        }),
      ),
    ).rejects.toBeDefined();
    expect(Number((await getItem(c.userId, 'PROFILE'))?.tokens_valid_after)).toBeGreaterThanOrEqual(at);

    const mail = (await mailTo(c.email)).filter((m) => m.subject.includes('password was changed'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your Kindred password was changed');
    expect(mail[0]?.text).toContain('Every other device has been signed out.');
    expect(mail[0]?.text).not.toContain(NEW_PASSWORD);
    // The new password signs in (as the browser does right after the change).
    await expect(signIn(env.CHARITY_CLIENT_ID as string, c.email, NEW_PASSWORD)).resolves.toHaveProperty(
      'refreshToken',
    );
  });
});
