import { MediaWordsMessage } from '@shared/media';
import { callApi, post } from '../support/api';
import { createCharity, itemsWithPrefix, type TestCharity } from '../support/charity';
import { upload } from '../support/media';
import { makeLiveCharity } from '../support/public-page';
import { forgetMediaWords } from '../support/tampering';

jest.setTimeout(60_000);

/** Every image has words (issue 19): alt text or decorative, and a caption, on main-page and explore media. */

const CONTENT = {
  page_description: 'Warm meals for families in Brambleford.',
  about_text: 'Since 2019 we have cooked every Friday.',
};

type Words = { alt?: string; decorative?: boolean; caption?: string };
type StoredMedia = { id: string; alt_text?: string | null; decorative?: boolean; caption?: string | null };

async function createPage(c: TestCharity, words: Words[]) {
  let pageId: string | undefined;
  const media: Record<string, unknown>[] = [];
  for (const w of words) {
    const u = await upload(c.idToken, { purpose: 'page', ...(pageId ? { pageId } : {}) });
    pageId = u.pageId;
    media.push({ key: u.key, ...w });
  }
  return post(
    '/api/me/pages',
    { pageId, name: `Words ${Date.now()}`, template_type: 'basic', content: CONTENT, media },
    { token: c.idToken },
  );
}

const listPages = async (c: TestCharity) =>
  (await callApi('GET', '/api/me/pages', undefined, { token: c.idToken })).body as {
    pages: { id: string; media: StoredMedia[] }[];
  };

describe('alt text and captions of main-page media', () => {
  let c: TestCharity;
  beforeAll(async () => {
    c = await createCharity({ label: 'words' });
  });

  it('refuses a new item without alt text with a 400 naming the item', async () => {
    const res = await createPage(c, [{ alt: 'Volunteers at the stall' }, { caption: 'No alt here' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      field: 'media.1.alt',
      error: MediaWordsMessage.AltRequired,
    });
    const blank = await createPage(c, [{ alt: '    ' }]);
    expect(blank.body).toMatchObject({ field: 'media.0.alt', error: MediaWordsMessage.AltRequired });
  });

  it('refuses control characters and overlong words', async () => {
    const newline = await createPage(c, [{ alt: 'Two\nlines' }]);
    expect(newline.status).toBe(400);
    expect(newline.body).toMatchObject({ field: 'media.0.alt', error: MediaWordsMessage.ControlCharacters });
    const nul = await createPage(c, [{ alt: 'Fine', caption: 'bad\u0000caption' }]);
    expect(nul.body).toMatchObject({ field: 'media.0.caption', error: MediaWordsMessage.ControlCharacters });
    const long = await createPage(c, [{ alt: 'x'.repeat(251) }]);
    expect(long.body).toMatchObject({ field: 'media.0.alt', error: MediaWordsMessage.AltTooLong });
    const longCaption = await createPage(c, [{ alt: 'Fine', caption: 'x'.repeat(301) }]);
    expect(longCaption.body).toMatchObject({
      field: 'media.0.caption',
      error: MediaWordsMessage.CaptionTooLong,
    });
    const wrongType = await createPage(c, [{ alt: 'Fine', decorative: 'yes' as unknown as boolean }]);
    expect(wrongType.status).toBe(400);
  });

  it('stores trimmed words and decorative items, and returns them from the read routes', async () => {
    const res = await createPage(c, [
      { alt: '  Volunteers packing food parcels  ', caption: ' Friday night, 2025 ' },
      { decorative: true, alt: 'dropped: decorative has none', caption: '' },
    ]);
    expect(res.status).toBe(200);
    const saved = (res.body.page as { id: string; media: StoredMedia[] }).media;
    expect(saved.map(({ alt_text, decorative, caption }) => ({ alt_text, decorative, caption }))).toEqual([
      { alt_text: 'Volunteers packing food parcels', decorative: false, caption: 'Friday night, 2025' },
      { alt_text: null, decorative: true, caption: null },
    ]);
    const listed = (await listPages(c)).pages.find((p) => p.id === (res.body.page as { id: string }).id);
    expect(listed?.media.map((m) => m.alt_text)).toEqual(['Volunteers packing food parcels', null]);

    // An edit that gives no words keeps the stored ones; new words replace them.
    const pageId = (res.body.page as { id: string }).id;
    const [first, second] = saved as [StoredMedia, StoredMedia];
    const edit = await callApi(
      'PUT',
      `/api/me/pages/${pageId}`,
      { content: CONTENT, media: [{ mediaId: second.id }, { mediaId: first.id, caption: 'New caption' }] },
      { token: c.idToken },
    );
    expect(edit.status).toBe(200);
    expect((edit.body.page as { media: StoredMedia[] }).media).toMatchObject([
      { id: second.id, decorative: true, alt_text: null },
      { id: first.id, alt_text: 'Volunteers packing food parcels', caption: 'New caption' },
    ]);
  });

  it('loads a record saved before words existed, and asks for alt text on its next save', async () => {
    const res = await createPage(c, [{ alt: 'Soon forgotten' }]);
    const page = res.body.page as { id: string; media: StoredMedia[] };
    const [record] = await itemsWithPrefix(c.userId, `PAGE#${page.id}#MEDIA#`);
    // Strip the words, as a record written before issue 19 has none.
    await forgetMediaWords({ PK: record?.PK, SK: record?.SK });
    const listed = (await listPages(c)).pages.find((p) => p.id === page.id);
    expect(listed?.media).toHaveLength(1);
    expect(listed?.media[0]?.alt_text ?? null).toBeNull();

    const mediaId = page.media[0]?.id;
    const again = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      { content: CONTENT, media: [{ mediaId }] },
      { token: c.idToken },
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ field: 'media.0.alt', error: MediaWordsMessage.AltRequired });
    const described = await callApi(
      'PUT',
      `/api/me/pages/${page.id}`,
      { content: CONTENT, media: [{ mediaId, alt: 'Now described' }] },
      { token: c.idToken },
    );
    expect(described.status).toBe(200);
    expect((described.body.page as { media: StoredMedia[] }).media[0]?.alt_text).toBe('Now described');
  });
});

describe('alt text and captions of explore media', () => {
  it('names the grid or feed item whose alt text is missing, and stores decorative feed items', async () => {
    const c = await createCharity({ label: 'explore-words' });
    const grid = await upload(c.idToken, { purpose: 'explore-grid' });
    const feed = await upload(c.idToken, { purpose: 'explore-feed', position: 1 });
    const texts = { short_description: 'Hot meals', long_description: 'Every Friday we cook.' };
    const save = (body: Record<string, unknown>) =>
      callApi('PUT', '/api/me/explore', { ...texts, ...body }, { token: c.idToken });

    const noGridAlt = await save({ grid: { key: grid.key }, feed: [{ key: feed.key, alt: 'Soup' }] });
    expect(noGridAlt.status).toBe(400);
    expect(noGridAlt.body).toMatchObject({ field: 'grid.alt', error: MediaWordsMessage.AltRequired });
    const noFeedAlt = await save({ grid: { key: grid.key, alt: 'Our kitchen' }, feed: [{ key: feed.key }] });
    expect(noFeedAlt.body).toMatchObject({ field: 'feed.0.alt' });

    const ok = await save({
      grid: { key: grid.key, alt: 'Our kitchen', caption: 'Where it happens' },
      feed: [{ key: feed.key, decorative: true }],
    });
    expect(ok.status).toBe(200);
    const read = await callApi('GET', '/api/me/explore', undefined, { token: c.idToken });
    const explore = read.body.explore as { grid: StoredMedia; feed: StoredMedia[] };
    expect(explore.grid).toMatchObject({
      alt_text: 'Our kitchen',
      caption: 'Where it happens',
      decorative: false,
    });
    expect(explore.feed[0]).toMatchObject({ alt_text: null, decorative: true });
  });
});

describe('words on the public charity page', () => {
  it('shows the charity alt text and caption, an empty alt for decorative items', async () => {
    const c = await makeLiveCharity({
      charityName: 'Brambleford Words Trust',
      words: (i) =>
        i === 0 ? { alt: 'Volunteers serving soup', caption: 'Friday supper' } : { decorative: true },
    });
    const res = await callApi('GET', `/api/charities/${c.registrationNumber}`);
    expect(res.status).toBe(200);
    const charity = res.body.charity as {
      media: { alt: string; caption: string | null }[];
      explore: { feed: { alt: string; caption: string | null }[] };
    };
    expect(charity.media.map(({ alt, caption }) => ({ alt, caption }))).toEqual([
      { alt: 'Volunteers serving soup', caption: 'Friday supper' },
      { alt: '', caption: null },
    ]);
    expect(charity.explore.feed[0]).toMatchObject({
      alt: 'Volunteers serving soup',
      caption: 'Friday supper',
    });
  });
});
