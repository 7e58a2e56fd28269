import { CaptionFileMessage, MAX_CAPTION_FILE_BYTES, MediaMessage } from '@shared/media';
import { callApi, post } from '../support/api';
import { createCharity, type TestCharity } from '../support/charity';
import { cloud } from '../support/cloud';
import { fakeJpeg, fakeMp4, incomingKey, mediaStatus, storedBytes, upload, vttFile } from '../support/media';
import { LIVE_CONTENT, makeLiveCharity } from '../support/public-page';

jest.setTimeout(90_000);

/** A video's caption file (issue 19): WebVTT, checked on the grant and again on save, stored with the video. */

type Stored = { id: string; media_type: string; file_path: string; caption_file_path?: string | null };

const vtt = (token: string, body: Buffer, pageId?: string) =>
  upload(token, { purpose: 'page', contentType: 'text/vtt', ...(pageId ? { pageId } : {}) }, body);
const video = (token: string, pageId?: string) =>
  upload(token, { purpose: 'page', contentType: 'video/mp4', ...(pageId ? { pageId } : {}) }, fakeMp4());

async function createPage(c: TestCharity, media: Record<string, unknown>[], pageId: string | undefined) {
  return post(
    '/api/me/pages',
    { pageId, name: `Captions ${Date.now()}`, template_type: 'basic', content: LIVE_CONTENT, media },
    { token: c.idToken },
  );
}

const grant = (c: TestCharity, body: Record<string, unknown>) =>
  callApi('POST', '/api/me/media/uploads', body, { token: c.idToken });

describe('caption file grants', () => {
  let c: TestCharity;
  beforeAll(async () => {
    c = await createCharity({ label: 'vtt-grants' });
  });

  it('refuses a type that is not WebVTT, a caption file as a profile image, and one over 512 KB', async () => {
    const plain = await grant(c, { purpose: 'page', contentType: 'text/plain', size: 20 });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ field: 'contentType', error: MediaMessage.WrongType });
    const html = await grant(c, { purpose: 'page', contentType: 'text/html', size: 20 });
    expect(html.status).toBe(400);
    const profile = await grant(c, { purpose: 'profile-image', contentType: 'text/vtt', size: 20 });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ field: 'contentType', error: MediaMessage.NotAnImage });
    const big = await grant(c, {
      purpose: 'page',
      contentType: 'text/vtt',
      size: MAX_CAPTION_FILE_BYTES + 1,
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ field: 'size', error: CaptionFileMessage.TooLarge });
    const fits = await grant(c, { purpose: 'page', contentType: 'text/vtt', size: MAX_CAPTION_FILE_BYTES });
    expect(fits.status).toBe(200);
    expect(fits.body.key).toMatch(/\.vtt$/);
  });

  it('the storage form takes no more than the grant allows, and only as text/vtt', async () => {
    const ok = await grant(c, { purpose: 'page', contentType: 'text/vtt', size: 100 });
    const { url, fields } = ok.body as { url: string; fields: Record<string, string> };
    const send = (body: Buffer, type: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.set('Content-Type', type);
      form.append('file', new Blob([new Uint8Array(body)], { type }));
      return fetch(url, { method: 'POST', body: form });
    };
    const tooBig = await send(Buffer.alloc(MAX_CAPTION_FILE_BYTES + 10, 0x41), 'text/vtt');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    const html = await send(Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(html.status).toBe(403);
  });
});

describe('caption files on save', () => {
  let c: TestCharity;
  let other: TestCharity;
  beforeAll(async () => {
    c = await createCharity({ label: 'vtt-save' });
    other = await createCharity({ label: 'vtt-other' });
  });

  it('refuses a file that is not WebVTT, or has control characters, and deletes what was sent', async () => {
    const v = await video(c.idToken);
    const notVtt = await vtt(
      c.idToken,
      Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n'),
      v.pageId,
    );
    const res = await createPage(c, [{ key: v.key, alt: 'Our kitchen', captionFile: notVtt.key }], v.pageId);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'UPLOAD_MISMATCH',
      field: 'media.0.captionFile',
      error: CaptionFileMessage.NotVtt,
    });
    expect(await storedBytes(incomingKey(notVtt.key))).toBeNull();

    const v2 = await video(c.idToken, v.pageId);
    const bell = await vtt(c.idToken, vttFile('Ring \u0007 ring'), v.pageId);
    const rang = await createPage(c, [{ key: v2.key, alt: 'Our kitchen', captionFile: bell.key }], v.pageId);
    expect(rang.status).toBe(400);
    expect(rang.body).toMatchObject({ field: 'media.0.captionFile', error: CaptionFileMessage.NotText });

    const v3 = await video(c.idToken, v.pageId);
    const latin1 = await vtt(
      c.idToken,
      Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\ncaf\xe9\n', 'latin1'),
      v.pageId,
    );
    const bad = await createPage(c, [{ key: v3.key, alt: 'Our kitchen', captionFile: latin1.key }], v.pageId);
    expect(bad.body).toMatchObject({ field: 'media.0.captionFile', error: CaptionFileMessage.NotText });
  });

  it("refuses another account's caption file, a caption file as media, media as a caption file, and captions on photos", async () => {
    const v = await video(c.idToken);
    const theirs = await vtt(other.idToken, vttFile());
    const stolen = await createPage(c, [{ key: v.key, alt: 'Kitchen', captionFile: theirs.key }], v.pageId);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'media.0.captionFile' });
    // Theirs is untouched: it is still theirs to save.
    expect(await storedBytes(incomingKey(theirs.key))).not.toBeNull();

    const asMedia = await vtt(c.idToken, vttFile(), v.pageId);
    const vttAsMedia = await createPage(c, [{ key: asMedia.key, alt: 'Kitchen' }], v.pageId);
    expect(vttAsMedia.status).toBe(400);
    expect(vttAsMedia.body).toMatchObject({ code: 'UPLOAD_MISMATCH', error: MediaMessage.WrongType });

    const v2 = await video(c.idToken, v.pageId);
    const mediaAsVtt = await createPage(c, [{ key: v.key, alt: 'Kitchen', captionFile: v2.key }], v.pageId);
    expect(mediaAsVtt.status).toBe(400);
    expect(mediaAsVtt.body).toMatchObject({
      field: 'media.0.captionFile',
      error: CaptionFileMessage.WrongType,
    });

    const photo = await upload(c.idToken, { purpose: 'page', pageId: v.pageId }, fakeJpeg());
    const track = await vtt(c.idToken, vttFile(), v.pageId);
    const onPhoto = await createPage(
      c,
      [{ key: photo.key, alt: 'Kitchen', captionFile: track.key }],
      v.pageId,
    );
    expect(onPhoto.status).toBe(400);
    expect(onPhoto.body).toMatchObject({
      field: 'media.0.captionFile',
      error: CaptionFileMessage.VideosOnly,
    });

    const otherPage = await vtt(c.idToken, vttFile());
    const v3 = await video(c.idToken, v.pageId);
    const wrongPage = await createPage(
      c,
      [{ key: v3.key, alt: 'Kitchen', captionFile: otherPage.key }],
      v.pageId,
    );
    expect(wrongPage.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'media.0.captionFile' });
  });

  it('stores, serves, replaces and deletes a caption file with its video', async () => {
    const v = await video(c.idToken);
    const photo = await upload(c.idToken, { purpose: 'page', pageId: v.pageId }, fakeJpeg());
    const track = await vtt(c.idToken, vttFile('First captions'), v.pageId);
    const res = await createPage(
      c,
      [
        { key: v.key, alt: 'Volunteers cooking', captionFile: track.key },
        { key: photo.key, alt: 'Soup' },
      ],
      v.pageId,
    );
    expect(res.status).toBe(200);
    const page = res.body.page as { id: string; media: Stored[] };
    const first = page.media[0] as Stored;
    expect(first.caption_file_path).toMatch(
      new RegExp(`^${c.userId}/pages/${page.id}/\\d+_[0-9a-f]{12}\\.vtt$`),
    );
    const served = await fetch(new URL(`/media/${first.caption_file_path}`, cloud().appUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await served.text()).toContain('First captions');

    // Replaced: the old file goes.
    const next = await vtt(c.idToken, vttFile('Second captions'), page.id);
    const edit = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      {
        content: LIVE_CONTENT,
        media: [{ mediaId: first.id, captionFile: next.key }, { mediaId: page.media[1]?.id }],
      },
      { token: c.idToken },
    );
    expect(edit.status).toBe(200);
    const replaced = (edit.body.page as { media: Stored[] }).media[0] as Stored;
    expect(replaced.caption_file_path).not.toBe(first.caption_file_path);
    expect(await mediaStatus(first.caption_file_path as string)).toBe(404);
    expect(await mediaStatus(replaced.caption_file_path as string)).toBe(200);

    // Kept without a word about it: kept. Removed (null): deleted.
    const kept = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      { content: LIVE_CONTENT, media: [{ mediaId: first.id }, { mediaId: page.media[1]?.id }] },
      { token: c.idToken },
    );
    expect((kept.body.page as { media: Stored[] }).media[0]?.caption_file_path).toBe(
      replaced.caption_file_path,
    );
    const removed = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      {
        content: LIVE_CONTENT,
        media: [{ mediaId: first.id, captionFile: null }, { mediaId: page.media[1]?.id }],
      },
      { token: c.idToken },
    );
    expect(removed.status).toBe(200);
    expect((removed.body.page as { media: Stored[] }).media[0]?.caption_file_path ?? null).toBeNull();
    expect(await mediaStatus(replaced.caption_file_path as string)).toBe(404);

    // A video removed from the page takes its caption file with it.
    const again = await vtt(c.idToken, vttFile('Third'), page.id);
    const withTrack = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      {
        content: LIVE_CONTENT,
        media: [{ mediaId: first.id, captionFile: again.key }, { mediaId: page.media[1]?.id }],
      },
      { token: c.idToken },
    );
    const third = (withTrack.body.page as { media: Stored[] }).media[0]?.caption_file_path as string;
    expect(await mediaStatus(third)).toBe(200);
    const dropped = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      { content: LIVE_CONTENT, media: [{ mediaId: page.media[1]?.id }] },
      { token: c.idToken },
    );
    expect(dropped.status).toBe(200);
    expect(await mediaStatus(third)).toBe(404);
    expect(await mediaStatus(first.file_path)).toBe(404);
  });

  it('an explore feed video takes a caption file, and the public page names it', async () => {
    const live = await makeLiveCharity({ label: 'vtt-public' });
    const feedVideo = await upload(
      live.idToken,
      { purpose: 'explore-feed', position: 1, contentType: 'video/mp4' },
      fakeMp4(),
    );
    const feedTrack = await upload(
      live.idToken,
      { purpose: 'explore-feed', position: 1, contentType: 'text/vtt' },
      vttFile(),
    );
    const current = await callApi('GET', '/api/me/explore', undefined, { token: live.idToken });
    const grid = (current.body.explore as { grid: { id: string } }).grid;
    const saved = await callApi(
      'PUT',
      '/api/me/explore',
      {
        short_description: 'Hot meals, warm welcome',
        long_description: 'Every Friday we cook for forty families.',
        grid: { mediaId: grid.id },
        feed: [{ key: feedVideo.key, alt: 'A Friday supper', captionFile: feedTrack.key }],
      },
      { token: live.idToken },
    );
    expect(saved.status).toBe(200);

    const pages = await callApi('GET', '/api/me/pages', undefined, { token: live.idToken });
    const main = (pages.body.pages as { id: string; media: Stored[] }[])[0] as {
      id: string;
      media: Stored[];
    };
    const v = await video(live.idToken, main.id);
    const t = await vtt(live.idToken, vttFile('Public captions'), main.id);
    const edit = await callApi(
      'PUT',
      `/api/me/pages/${main.id}`,
      {
        content: LIVE_CONTENT,
        media: [
          ...main.media.map((m) => ({ mediaId: m.id })),
          { key: v.key, alt: 'Cooking', captionFile: t.key },
        ],
      },
      { token: live.idToken },
    );
    expect(edit.status).toBe(200);

    const res = await callApi('GET', `/api/charities/${live.registrationNumber}`);
    expect(res.status).toBe(200);
    const charity = res.body.charity as {
      media: { media_type: string; caption_file_path?: string | null }[];
      explore: { feed: { caption_file_path?: string | null }[] };
    };
    expect(charity.media.map((m) => m.caption_file_path ?? null)).toEqual([
      null,
      null,
      expect.stringMatching(/\.vtt$/),
    ]);
    expect(charity.explore.feed[0]?.caption_file_path).toMatch(/\/explore\/.*feed_1_.*\.vtt$/);
  });
});
