import type { DiscoverCharity, DiscoverResponse } from '@shared/api/schemas/discover';
import { AREA_COLOURS } from '@shared/locations';
import { callApi } from './api';
import type { TestCharity } from './charity';
import { sampleCharity } from './numbers';
import { makeLiveCharity } from './public-page';
import { until } from './until';

/** Central Leeds, 8 km across: a service area a search for "Leeds" finds. */
export const LEEDS_AREA = {
  id: 'central-leeds',
  name: 'Central Leeds',
  latitude: 53.8,
  longitude: -1.55,
  radius: 8,
  color: AREA_COLOURS[3].value,
};

/**
 * A live charity as donors find it in `/charities` (issue 45): live, with the display name `displayName` and
 * a service area over Leeds, once its card is listed (cards are built by the table stream's consumer,
 * asynchronously: waited for, as a donor would see it appear).
 */
export async function makeListedCharity(
  opts: { displayName?: string; label?: string } = {},
): Promise<{ charity: TestCharity; card: DiscoverCharity }> {
  // A number the (sample) register holds: discovery lists only charities still on the register.
  const charity = await makeLiveCharity({
    label: opts.label ?? 'discover',
    registrationNumber: sampleCharity().number,
  });
  if (opts.displayName) {
    const named = await callApi(
      'PUT',
      '/api/me/preferences/display-name',
      { display_name: opts.displayName },
      { token: charity.idToken },
    );
    if (named.status !== 200) throw new Error(`display name ${named.status}`);
  }
  const located = await callApi(
    'PUT',
    '/api/me/locations',
    { locations: [], service_areas: [LEEDS_AREA] },
    { token: charity.idToken },
  );
  if (located.status !== 200) throw new Error(`locations ${located.status}: ${JSON.stringify(located.body)}`);
  const card = await until(
    async () => {
      const listed = await listedCard(charity.registrationNumber, 'place=Leeds');
      return listed && (!opts.displayName || listed.display_name === opts.displayName) ? listed : null;
    },
    30_000,
    250,
  );
  return { charity, card };
}

/** The card of `registrationNumber` in the listing for `query` (all its pages), or null. */
export async function listedCard(registrationNumber: string, query = ''): Promise<DiscoverCharity | null> {
  for (let page = 1; ; page++) {
    const res = await callApi('GET', `/api/discover?${query}${query ? '&' : ''}page=${page}`);
    if (res.status !== 200) throw new Error(`discover ${res.status}: ${JSON.stringify(res.body)}`);
    const answer = res.body as unknown as DiscoverResponse;
    const card = answer.charities.find((c) => c.registration_number === registrationNumber);
    if (card) return card;
    if (page >= answer.pages) return null;
  }
}
