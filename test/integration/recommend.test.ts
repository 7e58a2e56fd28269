import type { RecommendResponse } from '@shared/api/schemas/discover';
import { AREA_COLOUR_VALUES } from '@shared/locations';
import { RecommendMessage } from '@shared/recommend';
import { callApi, post } from '../support/api';
import { listedCard, makeListedCharity } from '../support/discover';
import { create } from '../support/posts';
import { until } from '../support/until';

jest.setTimeout(90_000);

const recommend = async (query: string) => {
  const res = await callApi('GET', `/api/discover/recommend?${query}`);
  return { status: res.status, body: res.body as unknown as RecommendResponse & { error?: string } };
};

/** A listed charity moved to a circle around Oban (no other test works there), once its card says so. */
async function listedInOban(displayName: string) {
  const listed = await makeListedCharity({ displayName, label: 'recommend' });
  const moved = await callApi(
    'PUT',
    '/api/me/locations',
    {
      locations: [],
      service_areas: [
        {
          id: 'oban',
          name: 'Oban and Lorn',
          latitude: 56.4152,
          longitude: -5.4718,
          radius: 6,
          color: AREA_COLOUR_VALUES[1],
        },
      ],
    },
    { token: listed.charity.idToken },
  );
  expect(moved.status).toBe(200);
  await until(async () => (await listedCard(listed.charity.registrationNumber, 'place=Oban')) !== null);
  return listed;
}

describe('Get a recommendation (issue 45)', () => {
  it('shortlists live charities with their reasons, prefers one that posts to follow, and drops one taken offline at once', async () => {
    const posting = await listedInOban('Lorn Shore Watch');
    const quiet = await listedInOban('Lorn Hill Library');
    await create(posting.charity.idToken, {
      action: 'publish',
      content: { type: 'story', title: 'Spring count', text: 'Forty seals on the skerries.' },
    });

    // The post reaches the card through the table's stream: wait for what a donor would be told.
    const follow = await until(async () => {
      const { status, body } = await recommend('place=Oban&way=follow');
      expect(status).toBe(200);
      return body.charities[0]?.reasons.includes(RecommendMessage.PostsUpdates) ? body : undefined;
    });
    expect(follow.place_label).toMatch(/^Oban/);
    expect(follow.charities.length).toBeLessThanOrEqual(3);
    const [first, second] = follow.charities;
    expect(first?.registration_number).toBe(posting.charity.registrationNumber);
    expect(first?.misses).toEqual([]);
    expect(first?.reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Serves Oban and Lorn, \d+\.\d km from Oban/)]),
    );
    // The one that has not posted is the nearest wider match, and says what it misses.
    expect(second?.registration_number).toBe(quiet.charity.registrationNumber);
    expect(second?.misses).toEqual([RecommendMessage.NoRecentPosts]);

    // Offline: gone from the very next shortlist, before its card is rebuilt.
    expect((await post('/api/me/live', { live: false }, { token: posting.charity.idToken })).status).toBe(
      200,
    );
    const after = await recommend('place=Oban&way=follow');
    expect(after.body.charities.map((c) => c.registration_number)).not.toContain(
      posting.charity.registrationNumber,
    );
    expect(after.body.charities[0]?.registration_number).toBe(quiet.charity.registrationNumber);
  });

  it('refuses an unknown answer with the words for it, and says when a place was not found', async () => {
    const bad = await recommend('way=monthly');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(RecommendMessage.UnknownWay);
    expect((await recommend('cause=not-a-cause')).status).toBe(400);
    expect((await recommend('utm_source=mail')).status).toBe(400);
    const nowhere = await recommend('place=Atlantis');
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.place_problem).toMatch(/Atlantis/);
    expect(nowhere.body.answers.way).toBe('once');
  });
});
