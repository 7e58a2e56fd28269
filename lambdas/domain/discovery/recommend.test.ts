import { RecommendRequest } from '@shared/api/schemas/discover';
import type { DiscoveryCard } from '../../data/discovery';
import { createDirectory } from './directory';
import { type RecommendDeps, recommendCharities } from './recommend';

const CAMDEN = { lat: 51.539, lng: -0.1426, label: 'Camden, London' };
const NOW = new Date('2026-12-01T12:00:00Z');

/** A Camden circle, 3 km, its centre about 1.2 km from the searched point. */
const CAMDEN_AREA = { name: 'Camden', lat: 51.5455, lng: -0.1286, radius_km: 3 };
/** Leeds: far from Camden (about 270 km). */
const LEEDS_AREA = { name: 'Leeds', lat: 53.8008, lng: -1.5491, radius_km: 10 };

const card = (n: number, over: Partial<DiscoveryCard> = {}): DiscoveryCard => ({
  user_id: `user-${n}`,
  registration_number: String(5_300_000 + n),
  display_name: `Charity ${String(n).padStart(3, '0')}`,
  registered_name: `Charity ${n} Trust`,
  mission: 'We help.',
  image: null,
  causes: [201],
  areas: [CAMDEN_AREA],
  income: 50_000,
  last_post_at: null,
  refreshed_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function setup(cards: DiscoveryCard[], opts: { offline?: string[] } = {}) {
  const offline = new Set(opts.offline ?? []);
  const checked: string[][] = [];
  const discovery = {
    listCards: async () => cards,
    stillListed: async (ids: readonly string[]) => {
      checked.push([...ids]);
      return new Set(ids.filter((id) => !offline.has(id)));
    },
  };
  const deps: RecommendDeps = {
    directory: createDirectory({ discovery, clock: { now: () => NOW }, maxAgeSeconds: 45 }),
    discovery,
    places: {
      find: async (text) =>
        text.toLowerCase() === 'camden'
          ? CAMDEN
          : text === 'BF1 1AA'
            ? { refused: 'A BFPO is not a place.' }
            : null,
    },
    mediaBaseUrl: 'https://media.example.org',
    clock: { now: () => NOW },
  };
  const recommend = (query: Record<string, string> = {}) =>
    recommendCharities(deps, RecommendRequest.parse(query));
  return { recommend, offline, checked };
}

const names = (answer: { charities: { display_name: string }[] }) =>
  answer.charities.map((c) => c.display_name);

describe('recommendCharities', () => {
  it('shortlists three full matches, small first then nearest, each with its reasons from the data', async () => {
    const { recommend } = setup([
      card(1, { income: 2_000_000 }),
      card(2, { areas: [{ ...CAMDEN_AREA, lat: 51.56, lng: -0.15 }] }),
      card(3),
      card(4, { causes: [111] }),
      card(5, { income: 500_000 }),
    ]);
    const answer = await recommend({ cause: 'children', place: 'Camden', way: 'once' });
    // Small ones (3 nearer than 2), then the medium one; the large one and the other cause are left out.
    expect(names(answer)).toEqual(['Charity 003', 'Charity 002', 'Charity 005']);
    expect(answer.answers).toEqual({ cause: 'children', place: 'Camden', way: 'once' });
    expect(answer.place_label).toBe('Camden, London');
    expect(answer.place_problem).toBeNull();
    expect(answer.charities[0]?.reasons).toEqual([
      'Works on Children/young people',
      'Serves Camden, 1.2 km from Camden, London',
      'Small: under £100,000 a year',
    ]);
    expect(answer.charities[0]?.misses).toEqual([]);
    expect(answer.charities[0]?.distance_m).toBeGreaterThan(1_000);
    // A medium charity is not chosen for its size: no size reason.
    expect(answer.charities[2]?.reasons).toEqual([
      'Works on Children/young people',
      'Serves Camden, 1.2 km from Camden, London',
    ]);
  });

  it('fills with the nearest wider matches, keeping the cause first, and says which answer each misses', async () => {
    const { recommend } = setup([
      card(1),
      card(2, { causes: [111] }),
      card(3, { areas: [LEEDS_AREA] }),
      card(4, { causes: [111], areas: [LEEDS_AREA] }),
    ]);
    const answer = await recommend({ cause: 'children', place: 'Camden' });
    expect(names(answer)).toEqual(['Charity 001', 'Charity 003', 'Charity 002']);
    expect(answer.charities[0]?.misses).toEqual([]);
    expect(answer.charities[1]?.misses).toEqual([
      expect.stringMatching(
        /^Does not say it works in Camden, London: its nearest area, Leeds, is 2\d\d km away$/,
      ),
    ]);
    expect(answer.charities[1]?.distance_m).toBeNull();
    expect(answer.charities[2]?.misses).toEqual(['Does not list Children/young people among its causes']);
    expect(answer.charities[2]?.reasons).toContain('Serves Camden, 1.2 km from Camden, London');
  });

  it('to follow their work, prefers charities that posted recently', async () => {
    const { recommend } = setup([
      card(1, { last_post_at: '2026-11-20T09:00:00.000Z' }),
      card(2, { last_post_at: '2026-06-01T09:00:00.000Z' }),
      card(3),
    ]);
    const answer = await recommend({ way: 'follow' });
    expect(names(answer)).toEqual(['Charity 001', 'Charity 002', 'Charity 003']);
    expect(answer.charities[0]?.reasons).toEqual([
      'Works on Children/young people',
      'Small: under £100,000 a year',
      'Posts updates',
    ]);
    expect(answer.charities[1]?.misses).toEqual(['Has not posted an update recently']);
    const once = await recommend({ way: 'once' });
    expect(once.charities.every((c) => c.misses.length === 0)).toBe(true);
  });

  it('leaves out charities taken offline, checking their LIVE records, and fills from the next', async () => {
    const cards = Array.from({ length: 8 }, (_, i) => card(i + 1));
    const { recommend, checked } = setup(cards, {
      offline: ['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6'],
    });
    const answer = await recommend({});
    expect(names(answer)).toEqual(['Charity 007', 'Charity 008']);
    expect(checked).toEqual([
      ['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6'],
      ['user-7', 'user-8'],
    ]);
    // Dropped from the directory until its next read: not checked again.
    checked.length = 0;
    expect(names(await recommend({}))).toEqual(['Charity 007', 'Charity 008']);
    expect(checked).toEqual([['user-7', 'user-8']]);
  });

  it('goes on down the whole order when more than the first few are offline', async () => {
    const cards = Array.from({ length: 40 }, (_, i) => card(i + 1, { income: 1_000 * (i + 1) }));
    const offline = cards.slice(0, 30).map((c) => c.user_id);
    const { recommend } = setup(cards, { offline });
    expect(names(await recommend({}))).toEqual(['Charity 031', 'Charity 032', 'Charity 033']);
  });

  it('is the same shortlist for the same data, and says why a place was not used', async () => {
    const cards = Array.from({ length: 12 }, (_, i) => card(i + 1, { income: (i % 4) * 40_000 }));
    const { recommend } = setup(cards);
    const a = await recommend({ cause: 'children', place: 'Camden', way: 'follow' });
    const b = await recommend({ cause: 'children', place: 'Camden', way: 'follow' });
    expect(b).toEqual(a);
    const nowhere = await recommend({ place: 'Atlantis' });
    expect(nowhere.place_problem).toBe('We could not find "Atlantis". Try a town or a full UK postcode.');
    expect(nowhere.charities).toHaveLength(3);
    const refused = await recommend({ place: 'BF1 1AA' });
    expect(refused.place_problem).toBe('A BFPO is not a place.');
  });

  it('refuses an unknown way of giving', () => {
    expect(RecommendRequest.safeParse({ way: 'monthly' }).success).toBe(false);
    expect(RecommendRequest.safeParse({ cause: 'nope' }).success).toBe(false);
    expect(RecommendRequest.parse({ cause: '', place: ' ', way: '' })).toEqual({});
  });
});
