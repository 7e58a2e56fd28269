import { callApi, post } from '../support/api';
import { makeLiveCharity } from '../support/public-page';

jest.setTimeout(90_000);

interface ListedPage {
  charity_id: string;
  posts: { id: string; title: string; text: string; type: string }[];
}

async function listed(charityId: string): Promise<ListedPage | undefined> {
  const res = await callApi('GET', '/api/explore');
  expect(res.status).toBe(200);
  return (res.body.pages as ListedPage[]).find((p) => p.charity_id === charityId);
}

async function story(token: string, action: 'publish' | 'draft', title: string) {
  const res = await post(
    '/api/me/posts',
    { action, content: { type: 'story', title, text: `${title}: what we did.` } },
    { token },
  );
  expect(res.status).toBe(200);
}

describe('posts in the explore listing (decision 20.30)', () => {
  it("carries a visible charity's published posts newest first, never a draft, and none once it is offline", async () => {
    const c = await makeLiveCharity({ label: 'explore-posts' });
    expect((await listed(c.userId))?.posts).toEqual([]);

    await story(c.idToken, 'publish', 'Harvest boxes');
    await story(c.idToken, 'draft', 'Not yet');
    await story(c.idToken, 'publish', 'Winter coats');
    const page = await listed(c.userId);
    expect(page?.posts.map((p) => p.title)).toEqual(['Winter coats', 'Harvest boxes']);
    expect(page?.posts[0]).toMatchObject({ type: 'story', text: 'Winter coats: what we did.' });

    // Taken offline: its explore page is listed as before, its posts go to no one.
    const offline = await post('/api/me/live', { live: false }, { token: c.idToken });
    expect(offline.status).toBe(200);
    const after = await listed(c.userId);
    expect(after).toBeDefined();
    expect(after?.posts).toEqual([]);
  });
});
