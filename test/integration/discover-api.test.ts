import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { causeByCode } from '@shared/causes';
import { DiscoverMessage } from '@shared/discover';
import { AREA_COLOUR_VALUES } from '@shared/locations';
import { callApi, post } from '../support/api';
import { createCharity } from '../support/charity';
import { sampleCharity } from '../support/numbers';
import { makeLiveCharity } from '../support/public-page';
import { until } from '../support/until';

jest.setTimeout(90_000);

const discover = async (query = '') => {
  const res = await callApi('GET', `/api/discover${query}`);
  return { status: res.status, body: res.body as unknown as DiscoverResponse & { error?: string } };
};
const numbersOf = (body: DiscoverResponse) => body.charities.map((c) => c.registration_number);

/** A live charity the register holds (sample extract), serving a circle around Camden. */
async function liveInCamden(name: string) {
  const sample = sampleCharity();
  const c = await makeLiveCharity({ charityName: name, registrationNumber: sample.number });
  const saved = await callApi(
    'PUT',
    '/api/me/locations',
    {
      locations: [],
      service_areas: [
        {
          id: 'camden',
          name: 'Camden and Kentish Town',
          latitude: 51.545,
          longitude: -0.143,
          radius: 3,
          color: AREA_COLOUR_VALUES[0],
        },
      ],
    },
    { token: c.idToken },
  );
  expect(saved.status).toBe(200);
  return c;
}

describe('discovery of live charities (issue 45)', () => {
  it('lists a live charity by place and its register causes, and drops it at once when it goes offline', async () => {
    const c = await liveInCamden('Wrenfield Larder');
    const details = await post('/api/get-charity-details', { registrationNumber: c.registrationNumber });
    expect(details.status).toBe(200);
    // The card is built from the table's stream: wait for what a donor would see.
    const near = await until(async () => {
      const { body } = await discover('?place=Camden');
      return numbersOf(body).includes(c.registrationNumber) ? body : undefined;
    });
    expect(near.place_label).toBe('Camden, London');
    const card = near.charities.find((x) => x.registration_number === c.registrationNumber);
    expect(card).toMatchObject({
      display_name: 'Wrenfield Larder',
      areas: ['Camden and Kentish Town'],
    });
    expect(card?.distance_m).toBeLessThan(3000);
    expect(card?.mission.length).toBeGreaterThan(0);
    const causes = (details.body.charity as { causes: number[] }).causes
      .map((code) => causeByCode(code)?.slug)
      .filter(Boolean);
    expect(card?.causes.map((x) => x.slug)).toEqual(causes);

    // Filters: one of its causes finds it; a place it does not serve does not.
    if (causes[0])
      expect(numbersOf((await discover(`?cause=${causes[0]}`)).body)).toContain(c.registrationNumber);
    expect(numbersOf((await discover('?place=Leeds')).body)).not.toContain(c.registrationNumber);

    // Offline: gone from the very next answer, before its card is rebuilt.
    expect((await post('/api/me/live', { live: false }, { token: c.idToken })).status).toBe(200);
    expect(numbersOf((await discover('?place=Camden')).body)).not.toContain(c.registrationNumber);
    expect(numbersOf((await discover()).body)).not.toContain(c.registrationNumber);
    // Live again: back once its card is.
    expect((await post('/api/me/live', { live: true }, { token: c.idToken })).status).toBe(200);
    await until(async () => numbersOf((await discover('?place=Camden')).body).includes(c.registrationNumber));
  });

  it('never lists a charity donors may not see, or one the register does not hold', async () => {
    const unverified = await createCharity({
      label: 'discover-unverified',
      registrationNumber: sampleCharity().number,
    });
    const madeUp = await makeLiveCharity({ charityName: 'Not On The Register' });
    const shown = await liveInCamden('Hollowmere Pantry');
    await until(async () =>
      numbersOf((await discover('?place=Camden')).body).includes(shown.registrationNumber),
    );
    const all = numbersOf((await discover()).body);
    expect(all).not.toContain(unverified.registrationNumber);
    expect(all).not.toContain(madeUp.registrationNumber);
  });

  it("marks a live charity in the finder's search, and not once it goes offline", async () => {
    const c = await liveInCamden('Bellweather Library');
    const flags = async () => {
      const res = await post('/api/search-charities', {
        searchTerm: c.registrationNumber,
        searchType: 'number',
      });
      expect(res.status).toBe(200);
      return (res.body.charities as { isOnKindred: boolean; isLive: boolean }[])[0];
    };
    // The finder's list is refreshed in the background (every second in the test cloud).
    await until(async () => (await flags())?.isLive === true);
    expect(await flags()).toMatchObject({ isOnKindred: true, isLive: true });
    expect((await post('/api/me/live', { live: false }, { token: c.idToken })).status).toBe(200);
    await until(async () => (await flags())?.isLive === false);
    expect(await flags()).toMatchObject({ isOnKindred: true, isLive: false });
  });

  it('refuses bad filters with the words for them, and says why nothing matched', async () => {
    for (const [query, message] of [
      ['?cause=not-a-cause', DiscoverMessage.UnknownCause],
      ['?size=enormous', DiscoverMessage.UnknownSize],
      ['?page=0', DiscoverMessage.BadPage],
      [`?place=${'x'.repeat(61)}`, DiscoverMessage.PlaceTooLong],
      ['?utm_source=mail', null],
    ] as const) {
      const res = await discover(query);
      expect(res.status).toBe(400);
      if (message) expect(res.body.error).toBe(message);
    }
    const nowhere = await discover('?place=Atlantis');
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.empty?.message).toBe(DiscoverMessage.PlaceNotFound('Atlantis'));
  });
});
