import { randomUUID } from 'node:crypto';
import { MAX_PROFILE_IMAGE_BYTES, MediaMessage } from '@shared/media';
import { callApi, post } from '../support/api';
import { createCharity, getItem, itemsWithPrefix, type TestCharity } from '../support/charity';
import {
  fakeJpeg,
  fakeMp4,
  incomingKey,
  mediaStatus,
  putMediaObject,
  storedBytes,
  upload,
} from '../support/media';
import { connectPaymentAccount } from '../support/payments';

jest.setTimeout(60_000);

const CONTENT = {
  page_description: 'Warm meals for families in Brambleford.',
  about_text: 'Since 2019 we have cooked every Friday.',
};

async function uploads(c: TestCharity, count: number, pageId?: string) {
  const keys: string[] = [];
  let id = pageId;
  for (let i = 0; i < count; i++) {
    const u = await upload(c.idToken, { purpose: 'page', ...(id ? { pageId: id } : {}) });
    id = u.pageId;
    keys.push(u.key);
  }
  return { pageId: id as string, keys };
}

async function createPage(c: TestCharity, name: string, mediaCount = 2, extra: Record<string, unknown> = {}) {
  const { pageId, keys } = await uploads(c, mediaCount);
  return post(
    '/api/me/pages',
    {
      pageId,
      name,
      template_type: 'basic',
      content: CONTENT,
      media: keys.map((key) => ({ key, alt: 'A test photo' })),
      ...extra,
    },
    { token: c.idToken },
  );
}

const pages = async (c: TestCharity) =>
  (await callApi('GET', '/api/me/pages', undefined, { token: c.idToken })).body as {
    pages: { id: string; name: string; is_live: boolean; media: { id: string; file_path: string }[] }[];
    live_page_id: string | null;
  };

describe('page templates', () => {
  it('lists the three seeded templates, Basic the only active one, with their field schemas', async () => {
    const c = await createCharity({ label: 'tpl' });
    const res = await callApi('GET', '/api/me/page-templates', undefined, { token: c.idToken });
    expect(res.status).toBe(200);
    const templates = res.body.templates as {
      template_type: string;
      is_active: boolean;
      max_media_files: number;
      field_schema: { required_fields: string[] };
    }[];
    expect(templates.map((t) => [t.template_type, t.is_active, t.max_media_files])).toEqual([
      ['basic', true, 10],
      ['customised', false, 20],
      ['multiple_tabs', false, 10],
    ]);
    expect(templates[0]?.field_schema.required_fields).toEqual(['page_description', 'about_text']);
    expect((await callApi('GET', '/api/me/page-templates')).status).toBe(401);
  });
});

describe('main pages', () => {
  it('creates the first page live, records checked media and serves the files', async () => {
    const c = await createCharity({ label: 'first' });
    const res = await createPage(c, 'Our Larder');
    expect(res.status).toBe(200);
    const page = res.body.page as {
      id: string;
      is_live: boolean;
      media: { file_path: string; display_order: number; mime_type: string }[];
    };
    expect(page.is_live).toBe(true);
    expect(page.media.map((m) => m.display_order)).toEqual([1, 2]);
    expect(page.media[0]?.file_path).toMatch(
      new RegExp(`^${c.userId}/pages/${page.id}/\\d+_[0-9a-f]+\\.jpg$`),
    );
    expect(page.media[0]?.mime_type).toBe('image/jpeg');
    expect(await mediaStatus(page.media[0]?.file_path as string)).toBe(200);
    expect((await getItem(c.userId, 'PROFILE'))?.live_page_id).toBe(page.id);
    expect((await getItem(c.userId, 'VERIFICATION'))?.valid_main_page).toBe(true);
    // Uploads are consumed: the same key cannot be recorded again.
    expect(await itemsWithPrefix(c.userId, 'UPLOAD#')).toHaveLength(0);
    const second = await createPage(c, 'Second draft', 1);
    expect((second.body.page as { is_live: boolean }).is_live).toBe(false);
    expect((await pages(c)).live_page_id).toBe(page.id);
  });

  it('finishes account setup once the charity has payment details and a page (its description)', async () => {
    // Payment details through Stripe's onboarding (the local Stripe), as a charity connects them.
    const c = await connectPaymentAccount(await createCharity({ label: 'setup' }));
    expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(false);
    expect((await createPage(c, 'Our story', 1)).status).toBe(200);
    expect((await getItem(c.userId, 'VERIFICATION'))?.finished_setting_up_account).toBe(true);
  });

  it('takes a video as MP4 and refuses other types, oversize files, forged and mismatched uploads, storing nothing', async () => {
    const c = await createCharity({ label: 'media' });
    const video = await upload(c.idToken, { purpose: 'page', contentType: 'video/mp4' }, fakeMp4());
    /** Saves a basic page under the video's page id with these uploads (each with the same alt text). */
    const saveVideoPage = (name: string, ...keys: string[]) =>
      post(
        '/api/me/pages',
        {
          pageId: video.pageId,
          name,
          template_type: 'basic',
          content: CONTENT,
          media: keys.map((key) => ({ key, alt: 'A test photo' })),
        },
        { token: c.idToken },
      );
    const png = await callApi(
      'POST',
      '/api/me/media/uploads',
      { purpose: 'page', contentType: 'image/png', size: 10 },
      { token: c.idToken },
    );
    expect(png).toMatchObject({
      status: 400,
      body: { field: 'contentType', error: 'Please choose an image or an MP4 video.' },
    });
    const huge = await callApi(
      'POST',
      '/api/me/media/uploads',
      { purpose: 'page', contentType: 'image/jpeg', size: 11 * 1024 * 1024 },
      { token: c.idToken },
    );
    expect(huge).toMatchObject({ status: 400, body: { field: 'size', error: MediaMessage.TooLarge } });
    const hugeProfile = await callApi(
      'POST',
      '/api/me/media/uploads',
      { purpose: 'profile-image', contentType: 'image/jpeg', size: MAX_PROFILE_IMAGE_BYTES + 1 },
      { token: c.idToken },
    );
    expect(hugeProfile).toMatchObject({
      status: 400,
      body: { field: 'size', error: MediaMessage.ImageTooLarge },
    });

    // Declared as JPEG, but the bytes are a PNG: refused and the object deleted.
    const fake = await upload(
      c.idToken,
      { purpose: 'page', pageId: video.pageId },
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), fakeJpeg(100)]),
    );
    const mismatched = await saveVideoPage('Mixed', video.key, fake.key);
    expect(mismatched).toMatchObject({ status: 400, body: { code: 'UPLOAD_MISMATCH', field: 'media' } });
    expect(await storedBytes(incomingKey(fake.key))).toBeNull();
    // The other file was not saved either: its upload stays where it was, unserved, still saveable.
    expect(await storedBytes(incomingKey(video.key))).not.toBeNull();

    // Larger than declared and allowed: S3 refuses the upload (the policy's size range)...
    await expect(
      upload(
        c.idToken,
        { purpose: 'page', pageId: video.pageId, size: 1000 },
        fakeJpeg(10 * 1024 * 1024 + 10),
      ),
    ).rejects.toThrow(/upload POST 400: [\s\S]*EntityTooLarge/);
    // ...and the API does not trust the policy alone: an oversize object under an issued key is refused too.
    const big = await upload(
      c.idToken,
      { purpose: 'page', pageId: video.pageId, size: 1000 },
      fakeJpeg(1000),
    );
    await putMediaObject(incomingKey(big.key), fakeJpeg(10 * 1024 * 1024 + 10));
    const oversize = await saveVideoPage('Big', big.key);
    expect(oversize).toMatchObject({ status: 400, body: { code: 'UPLOAD_MISMATCH' } });

    // Keys the API never issued to this charity, for this page.
    const other = await createCharity({ label: 'media-other' });
    const theirs = await upload(other.idToken, { purpose: 'page' });
    for (const key of [
      theirs.key,
      `${c.userId}/pages/${video.pageId}/123_abc.jpg`,
      `${c.userId}/profile_1_a.jpg`,
    ]) {
      const forged = await saveVideoPage('Forged', key);
      expect(forged).toMatchObject({ status: 400, body: { code: 'UPLOAD_NOT_FOUND' } });
    }
    // An upload for another page id cannot be used for this one.
    const elsewhere = await upload(c.idToken, { purpose: 'page' });
    const wrongPage = await saveVideoPage('Wrong', elsewhere.key);
    expect(wrongPage).toMatchObject({ status: 400, body: { code: 'UPLOAD_NOT_FOUND' } });
    expect((await pages(c)).pages).toHaveLength(0);

    const ok = await saveVideoPage('Video page', video.key);
    expect(ok.status).toBe(200);
    expect((ok.body.page as { media: { media_type: string }[] }).media[0]?.media_type).toBe('video');
    // Used once only.
    const again = await saveVideoPage('Again', video.key);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it('enforces the name, content, template and media rules with the spec wording', async () => {
    const c = await createCharity({ label: 'rules' });
    expect((await createPage(c, 'Harvest Appeal', 1)).status).toBe(200);
    const dup = await createPage(c, '  harvest APPEAL ', 1);
    expect(dup).toMatchObject({
      status: 409,
      body: {
        code: 'NAME_TAKEN',
        field: 'name',
        error: 'A page with this name already exists. Please choose a different name.',
      },
    });
    expect((await createPage(c, '   ', 1)).body).toMatchObject({
      field: 'name',
      error: 'Please enter a name for your page',
    });
    expect((await createPage(c, 'x'.repeat(51), 1)).body).toMatchObject({
      field: 'name',
      error: 'Page name must be 50 characters or less',
    });
    expect(
      (await createPage(c, 'Blank mission', 1, { content: { ...CONTENT, page_description: '  ' } })).body,
    ).toMatchObject({ field: 'content.page_description', error: 'Our Mission is required' });
    expect(
      (await createPage(c, 'Long about', 1, { content: { ...CONTENT, about_text: 'a'.repeat(2001) } })).body,
    ).toMatchObject({ field: 'content.about_text', error: 'About Us must be 2000 characters or less' });
    expect((await createPage(c, 'Odd field', 1, { content: { ...CONTENT, hack: 'x' } })).status).toBe(400);
    expect((await createPage(c, 'Tabs', 1, { template_type: 'multiple_tabs' })).body).toMatchObject({
      field: 'template_type',
      error: 'This template is coming soon. Please choose the Basic template.',
    });
    expect((await createPage(c, 'No media', 0)).body).toMatchObject({
      field: 'media',
      error: 'Please add at least one photo or video.',
    });
    expect((await createPage(c, 'Too many', 11)).body).toMatchObject({
      field: 'media',
      error: 'This template allows up to 10 photos or videos.',
    });
    const list = await pages(c);
    expect(list.pages.map((p) => p.name)).toEqual(['Harvest Appeal']);
    expect(await itemsWithPrefix(c.userId, 'PAGENAME#')).toHaveLength(1);
    // Malformed requests.
    expect((await post('/api/me/pages', undefined, { token: c.idToken, raw: '{"name":' })).status).toBe(400);
    expect(
      (
        await post(
          '/api/me/pages',
          { name: 'x', template_type: 'basic', content: 'nope', media: [] },
          { token: c.idToken },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/me/pages',
          { name: 'x', template_type: 'basic', content: CONTENT, media: [{ url: 'x' }] },
          { token: c.idToken },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await callApi(
          'PUT',
          '/api/me/pages/not-a-uuid',
          { content: CONTENT, media: [] },
          { token: c.idToken },
        )
      ).status,
    ).toBe(400);
  });

  it('edits a page: text, rename, kept, new and dropped media (the dropped file is deleted)', async () => {
    const c = await createCharity({ label: 'edit' });
    const created = (await createPage(c, 'Spring Appeal', 3)).body.page as {
      id: string;
      media: { id: string; file_path: string }[];
    };
    await createPage(c, 'Winter Appeal', 1);
    const [a, b, dropped] = created.media as [
      { id: string; file_path: string },
      { id: string; file_path: string },
      { id: string; file_path: string },
    ];
    const added = await upload(c.idToken, { purpose: 'page', pageId: created.id });
    const path = `/api/me/pages/${created.id}`;
    const taken = await callApi(
      'PUT',
      path,
      { name: 'WINTER appeal', content: CONTENT, media: [{ mediaId: a.id }] },
      { token: c.idToken },
    );
    expect(taken).toMatchObject({ status: 409, body: { code: 'NAME_TAKEN' } });
    const res = await callApi(
      'PUT',
      path,
      {
        name: 'Summer Appeal',
        content: { ...CONTENT, about_text: 'New story.' },
        media: [{ mediaId: b.id }, { key: added.key, alt: 'A test photo' }, { mediaId: a.id }],
      },
      { token: c.idToken },
    );
    expect(res.status).toBe(200);
    const page = res.body.page as {
      name: string;
      content: Record<string, string>;
      media: { id: string; file_path: string; display_order: number }[];
    };
    expect(page.name).toBe('Summer Appeal');
    expect(page.content.about_text).toBe('New story.');
    expect(
      page.media.map((m) => [m.id === b.id ? 'b' : m.id === a.id ? 'a' : 'new', m.display_order]),
    ).toEqual([
      ['b', 1],
      ['new', 2],
      ['a', 3],
    ]);
    expect(await mediaStatus(dropped.file_path)).toBe(404);
    expect(await mediaStatus(a.file_path)).toBe(200);
    const stored = (await pages(c)).pages.find((p) => p.id === created.id);
    expect(stored?.media.map((m) => m.id)).toEqual(page.media.map((m) => m.id));
    // The old name is free again, the new one is taken.
    expect((await createPage(c, 'spring appeal', 1)).status).toBe(200);
    expect((await createPage(c, 'summer APPEAL', 1)).status).toBe(409);
    // A media id of another page cannot be kept here.
    const otherPage = (await pages(c)).pages.find((p) => p.name === 'Winter Appeal');
    const foreign = await callApi(
      'PUT',
      path,
      { content: CONTENT, media: [{ mediaId: otherPage?.media[0]?.id }] },
      { token: c.idToken },
    );
    expect(foreign.status).toBe(400);
  });

  it('keeps exactly one live page under parallel set-live requests, and never deletes the live page', async () => {
    const c = await createCharity({ label: 'live' });
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four'])
      ids.push(((await createPage(c, name, 1)).body.page as { id: string }).id);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        post(`/api/me/pages/${ids[i % 4]}/live`, {}, { token: c.idToken }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    const list = await pages(c);
    const live = list.pages.filter((p) => p.is_live);
    expect(live).toHaveLength(1);
    expect(list.live_page_id).toBe(live[0]?.id);
    expect((await getItem(c.userId, 'PROFILE'))?.live_page_id).toBe(live[0]?.id);

    const liveId = live[0]?.id as string;
    const refused = await callApi('DELETE', `/api/me/pages/${liveId}`, undefined, { token: c.idToken });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'PAGE_IS_LIVE', error: "Can't delete live page" },
    });
    const victim = list.pages.find((p) => !p.is_live) as {
      id: string;
      name: string;
      media: { file_path: string }[];
    };
    const deleted = await callApi('DELETE', `/api/me/pages/${victim.id}`, undefined, { token: c.idToken });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(await itemsWithPrefix(c.userId, `PAGE#${victim.id}`)).toHaveLength(0);
    expect(await mediaStatus(victim.media[0]?.file_path as string)).toBe(404);
    expect((await createPage(c, victim.name, 1)).status).toBe(200);
    expect(
      (await callApi('DELETE', `/api/me/pages/${victim.id}`, undefined, { token: c.idToken })).status,
    ).toBe(404);
  });

  it('makes exactly one page live when a charity creates its first pages in parallel', async () => {
    const c = await createCharity({ label: 'race' });
    const prepared = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map(async (name) => ({ name, ...(await uploads(c, 1)) })),
    );
    const answers = await Promise.all(
      prepared.map((p) =>
        post(
          '/api/me/pages',
          {
            pageId: p.pageId,
            name: p.name,
            template_type: 'basic',
            content: CONTENT,
            media: p.keys.map((key) => ({ key, alt: 'A test photo' })),
          },
          { token: c.idToken },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const list = await pages(c);
    expect(list.pages.filter((p) => p.is_live)).toHaveLength(1);
    expect(list.live_page_id).toBe(list.pages.find((p) => p.is_live)?.id);
  });

  it("answers 404 for another charity's page ids and never shows their pages", async () => {
    const owner = await createCharity({ label: 'owner' });
    const intruder = await createCharity({ label: 'intruder' });
    const page = (await createPage(owner, 'Private', 1)).body.page as { id: string; media: { id: string }[] };
    const t = { token: intruder.idToken };
    expect(
      (
        await callApi(
          'PUT',
          `/api/me/pages/${page.id}`,
          { content: CONTENT, media: [{ mediaId: page.media[0]?.id }] },
          t,
        )
      ).status,
    ).toBe(404);
    expect((await post(`/api/me/pages/${page.id}/live`, {}, t)).status).toBe(404);
    expect((await callApi('DELETE', `/api/me/pages/${page.id}`, undefined, t)).status).toBe(404);
    expect((await pages(intruder)).pages).toHaveLength(0);
    expect((await callApi('GET', '/api/me/pages')).status).toBe(401);
    expect((await post(`/api/me/pages/${randomUUID()}/live`, {}, { token: owner.idToken })).status).toBe(404);
  });
});
