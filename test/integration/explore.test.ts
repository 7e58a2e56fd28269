import { callApi, post } from '../support/api';
import { createCharity, getItem, type TestCharity } from '../support/charity';
import { fakeMp4, incomingKey, mediaStatus, storedBytes, upload } from '../support/media';

jest.setTimeout(60_000);

type Media = { id: string; file_path: string; display_order: number; media_type: string };
type Explore = {
  id: string;
  is_active: boolean;
  short_description: string;
  long_description: string;
  grid_media_id: string | null;
  grid: Media | null;
  feed: Media[];
};

const get = async (c: TestCharity) =>
  (await callApi('GET', '/api/me/explore', undefined, { token: c.idToken })).body.explore as Explore;
const feedKeys = async (c: TestCharity, positions: number[]) =>
  Promise.all(
    positions.map(async (position) => (await upload(c.idToken, { purpose: 'explore-feed', position })).key),
  );
const save = (c: TestCharity, body: Record<string, unknown>) =>
  callApi(
    'PUT',
    '/api/me/explore',
    {
      short_description: 'Hot meals, warm welcome',
      long_description: 'Every Friday we cook for forty families.',
      ...body,
    },
    { token: c.idToken },
  );

async function savedCharity(label: string) {
  const c = await createCharity({ label });
  const grid = await upload(c.idToken, { purpose: 'explore-grid' });
  const feed = await feedKeys(c, [1, 2, 3]);
  const res = await save(c, {
    grid: { key: grid.key, alt: 'A test photo' },
    feed: feed.map((key) => ({ key, alt: 'A test photo' })),
  });
  expect(res.status).toBe(200);
  return { c, explore: res.body.explore as Explore };
}

describe('explore page', () => {
  it('is created empty and inactive on first use; parallel first calls see one row', async () => {
    const c = await createCharity({ label: 'ex-first' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callApi('GET', '/api/me/explore', undefined, { token: c.idToken })),
    );
    const ids = new Set(answers.map((a) => (a.body.explore as Explore).id));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const explore = await get(c);
    expect(explore).toMatchObject({
      is_active: false,
      short_description: '',
      long_description: '',
      grid: null,
      feed: [],
      grid_media_id: null,
    });
    expect((await getItem(c.userId, 'VERIFICATION'))?.valid_explore_page).toBe(false);
  });

  it('refuses activation until content is saved, saves media under the spec paths, and keeps activation on save', async () => {
    const c = await createCharity({ label: 'ex-save' });
    const refused = await post('/api/me/explore/active', { active: true }, { token: c.idToken });
    expect(refused).toMatchObject({ status: 409, body: { code: 'EXPLORE_INCOMPLETE' } });
    const grid = await upload(c.idToken, { purpose: 'explore-grid', contentType: 'video/mp4' }, fakeMp4());
    const feed = await feedKeys(c, [1, 2]);
    const res = await save(c, {
      grid: { key: grid.key, alt: 'A test photo' },
      feed: feed.map((key) => ({ key, alt: 'A test photo' })),
    });
    expect(res.status).toBe(200);
    const explore = res.body.explore as Explore;
    expect(explore.grid?.file_path).toMatch(
      new RegExp(`^${c.userId}/explore/${explore.id}/grid_\\d+_[0-9a-f]+\\.mp4$`),
    );
    expect(explore.grid?.media_type).toBe('video');
    expect(explore.grid_media_id).toBe(explore.grid?.id);
    expect(explore.feed.map((m) => m.display_order)).toEqual([1, 2]);
    expect(explore.feed[1]?.file_path).toMatch(
      new RegExp(`/explore/${explore.id}/feed_2_\\d+_[0-9a-f]+\\.jpg$`),
    );
    expect(explore.is_active).toBe(false);
    expect((await getItem(c.userId, 'VERIFICATION'))?.valid_explore_page).toBe(true);
    // Donors see nothing while inactive.
    const publicBefore = (await callApi('GET', '/api/explore')).body.pages as { charity_id: string }[];
    expect(publicBefore.some((p) => p.charity_id === c.userId)).toBe(false);

    const activated = await post('/api/me/explore/active', { active: true }, { token: c.idToken });
    expect(activated).toMatchObject({ status: 200, body: { explore: { is_active: true } } });
    const publicAfter = (await callApi('GET', '/api/explore')).body.pages as {
      charity_id: string;
      name: string;
      feed: Media[];
    }[];
    const mine = publicAfter.find((p) => p.charity_id === c.userId);
    expect(mine?.name).toBe(c.charityName);
    expect(mine?.feed).toHaveLength(2);

    // Saving again keeps it active.
    const again = await save(c, {
      short_description: 'New words',
      grid: { mediaId: explore.grid?.id },
      feed: explore.feed.map((m) => ({ mediaId: m.id })),
    });
    expect(again.body.explore as Explore).toMatchObject({ is_active: true, short_description: 'New words' });
    const off = await post('/api/me/explore/active', { active: false }, { token: c.idToken });
    expect(off.body).toMatchObject({ explore: { is_active: false } });
    expect(
      ((await callApi('GET', '/api/explore')).body.pages as { charity_id: string }[]).some(
        (p) => p.charity_id === c.userId,
      ),
    ).toBe(false);
  });

  it('replaces the grid, drops and reorders feed items, deleting unused files', async () => {
    const { c, explore } = await savedCharity('ex-edit');
    const [f1, f2, f3] = explore.feed as [Media, Media, Media];
    const newGrid = await upload(c.idToken, { purpose: 'explore-grid' });
    const [extra] = await feedKeys(c, [3]);
    const res = await save(c, {
      grid: { key: newGrid.key, alt: 'A test photo' },
      feed: [{ mediaId: f3.id }, { key: extra, alt: 'A test photo' }, { mediaId: f1.id }],
    });
    expect(res.status).toBe(200);
    const after = res.body.explore as Explore;
    expect(after.feed.map((m) => m.id)).toEqual([f3.id, after.feed[1]?.id, f1.id]);
    expect(after.feed.map((m) => m.display_order)).toEqual([1, 2, 3]);
    expect(await mediaStatus(explore.grid?.file_path as string)).toBe(404);
    expect(await mediaStatus(f2.file_path)).toBe(404);
    expect(await mediaStatus(f1.file_path)).toBe(200);
    const reloaded = await get(c);
    expect(reloaded.feed.map((m) => m.id)).toEqual(after.feed.map((m) => m.id));
    // cleanup-grid-media: idempotent for the replaced file, refuses the current one and foreign paths.
    const cleanup = (oldFilePath: string, explorePageId = explore.id, token = c.idToken) =>
      post('/api/cleanup-grid-media', { explorePageId, oldFilePath }, { token });
    expect((await cleanup(explore.grid?.file_path as string)).status).toBe(200);
    expect((await cleanup(after.grid?.file_path as string)).status).toBe(400);
    expect((await cleanup(f1.file_path)).status).toBe(400);
    expect((await cleanup(`${c.userId}/explore/${explore.id}/grid_../../profile_1.jpg`)).status).toBe(400);
    const other = await createCharity({ label: 'ex-other' });
    expect((await cleanup(explore.grid?.file_path as string, explore.id, other.idToken)).status).toBe(404);
    expect(await mediaStatus(after.grid?.file_path as string)).toBe(200);
  });

  it('refuses incomplete or malformed content with clear messages, storing nothing', async () => {
    const c = await createCharity({ label: 'ex-bad' });
    const grid = await upload(c.idToken, { purpose: 'explore-grid' });
    const [feed] = await feedKeys(c, [1]);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { grid: null, feed: [{ key: feed, alt: 'A test photo' }] },
        'grid',
        'Please add a grid image or video',
      ],
      [
        { grid: { key: grid.key, alt: 'A test photo' }, feed: [] },
        'feed',
        'Please add at least one feed image or video',
      ],
      [
        {
          short_description: '   ',
          grid: { key: grid.key, alt: 'A test photo' },
          feed: [{ key: feed, alt: 'A test photo' }],
        },
        'short_description',
        'Please enter a short description',
      ],
      [
        {
          short_description: 'x'.repeat(51),
          grid: { key: grid.key, alt: 'A test photo' },
          feed: [{ key: feed, alt: 'A test photo' }],
        },
        'short_description',
        'Short description must be 50 characters or less',
      ],
      [
        {
          long_description: 'x'.repeat(1001),
          grid: { key: grid.key, alt: 'A test photo' },
          feed: [{ key: feed, alt: 'A test photo' }],
        },
        'long_description',
        'Detailed description must be 1000 characters or less',
      ],
      [
        { grid: { key: feed, alt: 'A test photo' }, feed: [{ key: grid.key, alt: 'A test photo' }] },
        'grid',
        'This upload was not found or has expired. Please choose the file again.',
      ],
    ];
    for (const [body, field, error] of cases) {
      const res = await save(c, body);
      expect({ status: res.status, field: res.body.field, error: res.body.error }).toEqual({
        status: 400,
        field,
        error,
      });
    }
    const tooMany = await save(c, {
      grid: { key: grid.key, alt: 'A test photo' },
      feed: Array.from({ length: 21 }, (_, i) => ({ key: `${feed}-${i}`, alt: 'A test photo' })),
    });
    expect(tooMany).toMatchObject({ status: 400, body: { error: 'You can add up to 20 feed items' } });
    const position = await callApi(
      'POST',
      '/api/me/media/uploads',
      { purpose: 'explore-feed', contentType: 'image/jpeg', size: 10 },
      { token: c.idToken },
    );
    expect(position).toMatchObject({ status: 400, body: { field: 'position' } });
    expect(
      (await callApi('PUT', '/api/me/explore', undefined, { token: c.idToken, raw: '[1,2]' })).status,
    ).toBe(400);
    expect(await get(c)).toMatchObject({ grid: null, feed: [], short_description: '' });
    // The refused saves left the upload where it was, unserved and still saveable.
    expect(await storedBytes(incomingKey(grid.key))).not.toBeNull();
    expect(await mediaStatus(incomingKey(grid.key))).toBe(404);
    expect((await callApi('GET', '/api/me/explore')).status).toBe(401);
  });
});
