import { DiscoverRequest } from '@shared/api/schemas/discover';
import { DISCOVER_PAGE_SIZE, DiscoverMessage } from '@shared/discover';
import type { DiscoveryCard } from '../../data/discovery';
import { createDirectory } from './directory';
import { type DiscoverDeps, discoverCharities } from './discover';

const CAMDEN = { lat: 51.539, lng: -0.1426, label: 'Camden, London' };
const LEEDS = { lat: 53.8008, lng: -1.5491, label: 'Leeds, England' };

const card = (n: number, over: Partial<DiscoveryCard> = {}): DiscoveryCard => ({
  user_id: `user-${n}`,
  registration_number: String(5_200_000 + n),
  display_name: `Charity ${String(n).padStart(3, '0')}`,
  registered_name: `Charity ${n} Trust`,
  mission: 'We help.',
  image: null,
  causes: [105],
  areas: [],
  income: 50_000,
  refreshed_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function setup(cards: DiscoveryCard[], opts: { offline?: string[]; now?: () => number } = {}) {
  let stored = cards;
  const offline = new Set(opts.offline ?? []);
  let reads = 0;
  let clock = 0;
  const discovery = {
    listCards: async () => {
      reads++;
      return stored;
    },
    stillListed: async (ids: readonly string[]) => new Set(ids.filter((id) => !offline.has(id))),
  };
  const deps: DiscoverDeps = {
    directory: createDirectory({
      discovery,
      clock: { now: () => new Date(clock) },
      maxAgeSeconds: 45,
    }),
    discovery,
    places: {
      find: async (text) =>
        text === 'BFPO 1'
          ? { refused: 'BFPO 1 is a postcode for post, not a place.' }
          : ({ camden: CAMDEN, leeds: LEEDS }[text.toLowerCase()] ?? null),
    },
    mediaBaseUrl: 'https://media.example.org',
  };
  const list = (query: Record<string, string> = {}) => discoverCharities(deps, DiscoverRequest.parse(query));
  return {
    list,
    offline,
    reads: () => reads,
    store: (cards: DiscoveryCard[]) => {
      stored = cards;
    },
    advance: (seconds: number) => {
      clock += seconds * 1000;
    },
  };
}

describe('discoverCharities', () => {
  it('lists small charities first, 24 a page, with the page count', async () => {
    const cards = Array.from({ length: 30 }, (_, i) => card(i, { income: i % 3 === 0 ? 2_000_000 : 20_000 }));
    const { list } = setup(cards);
    const first = await list();
    expect(first.total).toBe(30);
    expect(first.pages).toBe(2);
    expect(first.charities).toHaveLength(DISCOVER_PAGE_SIZE);
    // All 20 small ones come before any large one.
    expect(first.charities.slice(0, 20).every((c) => c.size?.startsWith('Small'))).toBe(true);
    expect(first.charities[20]?.size).toMatch(/^Large/);
    const second = await list({ page: '2' });
    expect(second.page).toBe(2);
    expect(second.charities).toHaveLength(6);
  });

  it('filters by cause and size together, and says which causes each card has', async () => {
    const { list } = setup([
      card(1, { causes: [105, 201] }),
      card(2, { causes: [111] }),
      card(3, { causes: [201], income: 500_000 }),
    ]);
    const children = await list({ cause: 'children' });
    expect(children.charities.map((c) => c.registration_number)).toEqual(['5200001', '5200003']);
    expect(children.charities[0]?.causes).toEqual([
      { slug: 'poverty-relief', label: 'Poverty relief' },
      { slug: 'children', label: 'Children/young people' },
    ]);
    const smallChildren = await list({ cause: 'children', size: 'small' });
    expect(smallChildren.charities.map((c) => c.registration_number)).toEqual(['5200001']);
  });

  it('finds charities whose service areas cover a place, nearest first, with the distance', async () => {
    const { list } = setup([
      card(1, { areas: [{ name: 'North London', lat: 51.56, lng: -0.14, radius_km: 10 }] }),
      card(2, { areas: [{ name: 'Camden', lat: 51.539, lng: -0.1426, radius_km: 2 }] }),
      card(3, { areas: [{ name: 'Leeds', lat: 53.8, lng: -1.55, radius_km: 20 }] }),
      card(4, { areas: [] }),
    ]);
    const near = await list({ place: 'Camden' });
    expect(near.place_label).toBe('Camden, London');
    expect(near.charities.map((c) => c.registration_number)).toEqual(['5200002', '5200001']);
    expect(near.charities[0]?.distance_m).toBe(0);
    expect(near.charities[1]?.distance_m).toBeGreaterThan(2000);
    expect(near.charities[1]?.areas).toEqual(['North London']);
  });

  it('drops a charity taken offline at once, before the directory is read again', async () => {
    const { list, offline, reads } = setup([card(1), card(2), card(3)]);
    expect((await list()).total).toBe(3);
    offline.add('user-2');
    const after = await list();
    expect(after.charities.map((c) => c.registration_number)).toEqual(['5200001', '5200003']);
    expect(after.total).toBe(2);
    expect(reads()).toBe(1);
  });

  it('reads the directory again once it is old, never serving one older than its limit', async () => {
    const s = setup([card(1)]);
    await s.list();
    s.store([card(1), card(2)]);
    s.advance(10);
    expect((await s.list()).total).toBe(1);
    s.advance(50);
    expect((await s.list()).total).toBe(2);
    expect(s.reads()).toBe(2);
  });

  it('says why nothing matched and offers the nearest wider search', async () => {
    const { list } = setup([card(1, { causes: [111], areas: [{ name: 'Leeds', ...LEEDS, radius_km: 5 }] })]);
    const none = await list({ cause: 'animals', place: 'Camden' });
    expect(none.total).toBe(0);
    expect(none.empty).toEqual({
      message: DiscoverMessage.NoneForAll,
      wider: { label: 'Anywhere in the UK', path: '/charities?cause=animals', total: 1 },
    });
    const cause = await list({ cause: 'children' });
    expect(cause.empty?.message).toBe(DiscoverMessage.NoneForCause('Children/young people'));
    expect(cause.empty?.wider).toEqual({ label: 'Any cause', path: '/charities', total: 1 });
    const unknown = await list({ place: 'Atlantis' });
    expect(unknown.empty?.message).toBe(DiscoverMessage.PlaceNotFound('Atlantis'));
    expect(unknown.empty?.wider?.path).toBe('/charities');
    // A place the finder refuses (a postcode for post only) says why, in its own words.
    const refused = await list({ place: 'BFPO 1' });
    expect(refused.empty?.message).toBe('BFPO 1 is a postcode for post, not a place.');
    expect(refused.place_label).toBeNull();
  });

  it('says so when no charity is live at all', async () => {
    const { list } = setup([]);
    const none = await list();
    expect(none.empty).toEqual({ message: DiscoverMessage.NoneLive, wider: null });
  });
});

describe('DiscoverRequest', () => {
  it.each([
    [{ cause: 'not-a-cause' }, DiscoverMessage.UnknownCause],
    [{ size: 'huge' }, DiscoverMessage.UnknownSize],
    [{ page: '0' }, DiscoverMessage.BadPage],
    [{ page: 'two' }, DiscoverMessage.BadPage],
    [{ place: 'x'.repeat(61) }, DiscoverMessage.PlaceTooLong],
  ])('refuses %j with the words for it', (query, message) => {
    const parsed = DiscoverRequest.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('reads empty values as no filter, as a form sends them', () => {
    expect(DiscoverRequest.parse({ cause: '', place: '  ', size: '', page: '' })).toEqual({
      cause: undefined,
      place: undefined,
      size: undefined,
      page: 1,
    });
  });
});
