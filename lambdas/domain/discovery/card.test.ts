import { NOT_REGISTERED, type RegisterFacts } from '../../adapters/register/port';
import type { DiscoveryCard } from '../../data/discovery';
import { buildCard, type CardDeps, oneLine, rebuildAllCards, refreshCards } from './card';
import { cardInputOwner } from './card-inputs';

const USER = 'user-1';
const profile = {
  id: USER,
  charity_name: 'Larkspur Food Hub',
  display_name: 'Larkspur',
  registration_number: '5200001',
  profile_image_name: null as string | null,
  live_page_id: 'page-1',
};
const visibleFlags = { verified: true, page_is_live: true, locked: false };

function deps(over: {
  profile?: Partial<typeof profile> | null;
  flags?: Record<string, unknown> | null;
  facts?: RegisterFacts;
  explore?: Record<string, unknown> | undefined;
  locations?: unknown;
  posts?: { published_at: string | null }[];
}) {
  const written: DiscoveryCard[] = [];
  const deleted: string[] = [];
  const d = {
    charities: {
      getProfile: async (id: string) =>
        over.profile === null || id === 'gone' ? null : { ...profile, ...over.profile, id },
      listLiveIds: async () => [USER],
      getVerification: async () => (over.flags === null ? null : { ...visibleFlags, ...over.flags }),
    },
    locations: { get: async () => over.locations ?? null },
    explore: {
      get: async () => over.explore,
      media: async () => [{ display_order: 0, media_type: 'image', file_path: `${USER}/explore/grid.jpg` }],
    },
    pages: {
      get: async () => ({ content: { page_description: 'Hot meals for families in Larkspur.' } }),
    },
    posts: { listPublished: async () => over.posts ?? [] },
    discovery: {
      putCard: async (card: DiscoveryCard) => {
        written.push(card);
      },
      deleteCard: async (id: string) => {
        deleted.push(id);
      },
      listCards: async () => [{ user_id: 'gone' }, { user_id: USER }],
    },
    register: {
      facts: async (numbers: readonly string[]) =>
        new Map(
          numbers.map((n) => [
            n,
            over.facts ?? { registered: true, income: 42_000, causes: [201, 105, 201] },
          ]),
        ),
    },
    clock: { now: () => new Date('2026-11-29T10:00:00Z') },
  } as unknown as CardDeps;
  return { d, written, deleted };
}

describe('discovery cards', () => {
  it("lists the charity's own causes once it has chosen, else the register's (decision 21.4)", async () => {
    const register = await buildCard(deps({}).d, USER);
    expect(register?.causes).toEqual([105, 201]);
    const chosen = { causes: [306, 111] } as unknown as Partial<typeof profile>;
    const own = await buildCard(deps({ profile: chosen }).d, USER);
    expect(own?.causes).toEqual([111, 306]);
  });

  it("builds a card from the charity's own items and the register", async () => {
    const { d } = deps({
      locations: {
        locations: [{ name: 'Main Office', latitude: 51.5, longitude: -0.1, isHeadquarters: true }],
        service_areas: [{ name: 'Hackney', latitude: 51.545, longitude: -0.055, radius: 3 }],
      },
    });
    expect(await buildCard(d, USER)).toEqual({
      user_id: USER,
      registration_number: '5200001',
      display_name: 'Larkspur',
      registered_name: 'Larkspur Food Hub',
      mission: 'Hot meals for families in Larkspur.',
      image: null,
      causes: [105, 201],
      areas: [{ name: 'Hackney', lat: 51.545, lng: -0.055, radius_km: 3 }],
      income: 42_000,
      last_post_at: null,
      refreshed_at: '2026-11-29T10:00:00.000Z',
    });
  });

  it('carries the newest published post time (a recommendation says it posts updates)', async () => {
    const { d } = deps({ posts: [{ published_at: '2026-11-20T09:00:00.000Z' }] });
    expect((await buildCard(d, USER))?.last_post_at).toBe('2026-11-20T09:00:00.000Z');
  });

  it('prefers the explore description and profile image; without areas, the headquarters counts', async () => {
    const { d } = deps({
      profile: { profile_image_name: 'profile_1.jpg' },
      explore: { is_active: true, short_description: 'Meals, warmth and company.' },
      locations: {
        locations: [{ name: 'Main Office', latitude: 51.5, longitude: -0.1, isHeadquarters: true }],
        service_areas: [],
      },
    });
    const card = await buildCard(d, USER);
    expect(card?.mission).toBe('Meals, warmth and company.');
    expect(card?.image).toBe(`${USER}/profile_1.jpg`);
    expect(card?.areas).toEqual([{ name: 'Main Office', lat: 51.5, lng: -0.1, radius_km: 5 }]);
    const noImage = await buildCard(deps({ explore: { is_active: true, short_description: 'x' } }).d, USER);
    expect(noImage?.image).toBe(`${USER}/explore/grid.jpg`);
  });

  it.each([
    ['offline', { flags: { page_is_live: false } }],
    ['unverified', { flags: { verified: false } }],
    ['locked', { flags: { locked: true } }],
    ['without a live page', { profile: { live_page_id: null } }],
    ['deleted', { profile: null }],
    ['removed from the register', { facts: NOT_REGISTERED }],
  ])('has no card while %s, and removes the one it had', async (_, over) => {
    const { d, written, deleted } = deps(over as never);
    expect(await buildCard(d, USER)).toBeNull();
    await refreshCards(d, [USER, USER]);
    expect(written).toEqual([]);
    expect(deleted).toEqual([USER]);
  });

  it('rebuilds every live charity daily and removes the cards of those no longer live', async () => {
    const { d, written, deleted } = deps({});
    const warn = jest.fn();
    expect(await rebuildAllCards(d, warn)).toEqual({ charities: 2, failed: 0 });
    expect(written.map((c) => c.user_id)).toEqual([USER]);
    expect(deleted).toEqual(['gone']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('cuts a long mission at a word', () => {
    const text = `${'word '.repeat(60)}end`;
    const line = oneLine(text);
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line.endsWith('word…')).toBe(true);
  });

  it("names the charity of a changed item that feeds a card, and nothing else's", () => {
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'PROFILE' })).toBe('abc');
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'PAGE#p1' })).toBe('abc');
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'PREFS#LOCATIONS' })).toBe('abc');
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'POST#lx1abc' })).toBe('abc');
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'DISCOVER' })).toBeNull();
    expect(cardInputOwner({ PK: 'CHARITY#abc', SK: 'CODE' })).toBeNull();
    expect(cardInputOwner({ PK: 'ANALYTICS#abc', SK: 'PROFILE' })).toBeNull();
  });
});
