import {
  AREA_COLOURS,
  DEFAULT_MAP_CENTER,
  LocationMessage,
  MAX_LOCATIONS,
  MAX_SERVICE_AREAS,
} from '@shared/locations';
import { charityPk } from '../../lambdas/data/charities';
import { LOCATIONS_SK } from '../../lambdas/data/locations';
import { GEOCODE_LIMIT } from '../../lambdas/domain/locations/location-settings';
import { type ApiAnswer, callApi } from '../support/api';
import { createCharity, getItem, type TestCharity } from '../support/charity';
import { withRoomInWindow } from '../support/clock-windows';
import { cloud } from '../support/cloud';
import { createUser, signIn } from '../support/identity';

jest.setTimeout(60_000);

const { appUrl, env, runtimeConfig } = cloud();

type Answer = ApiAnswer;

/** Calls the API through the local origin as the browser does (JSON body, ID token as bearer). */
const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string): Promise<Answer> =>
  callApi(method, path, body, { token });

const getLocations = (token?: string) => api('GET', '/api/me/locations', undefined, token);
const saveLocations = (body: unknown, token?: string) => api('PUT', '/api/me/locations', body, token);
const geocode = (body: unknown, token?: string) => api('POST', '/api/me/geocode', body, token);

const leeds = {
  id: 'leeds-larder',
  name: 'Leeds Community Larder',
  address: '14 Kirkgate, Leeds LS2 7DJ',
  latitude: 53.7963,
  longitude: -1.5386,
  isHeadquarters: true,
};
const bradford = {
  id: 'bradford-shop',
  name: 'Bradford Charity Shop',
  address: '3 Ivegate, Bradford BD1 1SQ',
  latitude: 53.7945,
  longitude: -1.7535,
  isHeadquarters: false,
};
const centralLeeds = {
  id: 'central-leeds',
  name: 'Central Leeds',
  latitude: 53.8,
  longitude: -1.55,
  radius: 8,
  color: AREA_COLOURS[3].value,
  description: 'Food parcels delivered within the ring road.',
};
/** A service area with no description. */
const bradfordCentre = {
  id: 'bradford-centre',
  name: 'Bradford',
  latitude: 53.79,
  longitude: -1.75,
  radius: 1,
  color: '#0e5a52',
};
const valid = { locations: [leeds, bradford], service_areas: [centralLeeds] };

let owner: TestCharity;
let other: TestCharity;
beforeAll(async () => {
  [owner, other] = await Promise.all([
    createCharity({ label: 'loc-owner' }),
    createCharity({ label: 'loc-other' }),
  ]);
});

describe('the caller is required', () => {
  it.each([
    ['GET /api/me/locations', () => getLocations()],
    ['PUT /api/me/locations', () => saveLocations(valid)],
    ['POST /api/me/geocode', () => geocode({ query: 'Leeds' })],
  ])('%s without a token is 401', async (_, call) => {
    const res = await call();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a forged token', async () => {
    const [header, payload] = owner.idToken.split('.');
    const res = await getLocations(`${header}.${payload}.not-a-signature`);
    expect(res.status).toBe(401);
  });

  it('refuses a donor', async () => {
    const { email } = await createUser('donor');
    const { idToken } = await signIn(env.DONOR_CLIENT_ID as string, email);
    const res = await getLocations(idToken);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('location settings', () => {
  it("starts with a 'Main Office' in London as headquarters, and no areas", async () => {
    const fresh = await createCharity({ label: 'loc-fresh' });
    const res = await getLocations(fresh.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      locations: [
        {
          id: 'main-office',
          name: 'Main Office',
          address: 'London, United Kingdom',
          latitude: DEFAULT_MAP_CENTER.latitude,
          longitude: DEFAULT_MAP_CENTER.longitude,
          isHeadquarters: true,
        },
      ],
      service_areas: [],
      updated_at: null,
    });
    // Nothing is written by reading.
    expect(await getItem(fresh.userId, LOCATIONS_SK)).toBeUndefined();
  });

  it('saves and loads them back, stored once under the charity (text trimmed, a blank description dropped)', async () => {
    const body = {
      locations: [{ ...leeds, name: '  Leeds Community Larder ' }, bradford],
      service_areas: [
        { ...centralLeeds, color: centralLeeds.color.toUpperCase() },
        { ...bradfordCentre, description: '   ' },
      ],
    };
    const saved = await saveLocations(body, owner.idToken);
    expect(saved.status).toBe(200);
    const expected = {
      success: true,
      locations: [leeds, bradford],
      service_areas: [centralLeeds, bradfordCentre],
    };
    expect(saved.body).toEqual({ ...expected, updated_at: expect.any(String) });
    expect(Date.now() - Date.parse(saved.body.updated_at as string)).toBeLessThan(60_000);

    const loaded = await getLocations(owner.idToken);
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual(saved.body);

    const item = await getItem(owner.userId, LOCATIONS_SK);
    expect(item).toMatchObject({
      PK: charityPk(owner.userId),
      SK: LOCATIONS_SK,
      locations: expected.locations,
      updated_at: saved.body.updated_at,
    });
  });

  it('replaces the settings as a whole, down to no locations at all', async () => {
    const charity = await createCharity({ label: 'loc-replace' });
    expect((await saveLocations(valid, charity.idToken)).status).toBe(200);
    const emptied = await saveLocations({ locations: [], service_areas: [] }, charity.idToken);
    expect(emptied.status).toBe(200);
    expect((await getLocations(charity.idToken)).body).toMatchObject({ locations: [], service_areas: [] });
  });

  it("keeps each charity's settings to itself", async () => {
    await saveLocations(valid, owner.idToken);
    const theirs = await getLocations(other.idToken);
    expect(theirs.body).toMatchObject({
      locations: [{ id: 'main-office' }],
      service_areas: [],
      updated_at: null,
    });

    const mine = { locations: [{ ...bradford, isHeadquarters: true }], service_areas: [] };
    expect((await saveLocations(mine, other.idToken)).status).toBe(200);
    expect((await getLocations(owner.idToken)).body).toMatchObject({ locations: [leeds, bradford] });
    expect((await getLocations(other.idToken)).body).toMatchObject(mine);
  });

  it('ignores any charity id in the request: the caller is always the token', async () => {
    const res = await api('GET', `/api/me/locations?charityId=${owner.userId}`, undefined, other.idToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Unknown field: charityId' });
    const sneaky = await saveLocations({ ...valid, charity_id: other.userId }, owner.idToken);
    expect(sneaky.status).toBe(400);
  });
});

describe('refused settings, each in the words the page shows', () => {
  const areaOf = (patch: Record<string, unknown>) => ({
    locations: [leeds],
    service_areas: [{ ...centralLeeds, ...patch }],
  });
  const locationOf = (patch: Record<string, unknown>) => ({
    locations: [{ ...leeds, ...patch }],
    service_areas: [],
  });
  const many = <T extends { id: string }>(
    item: T,
    n: number,
    patch: (i: number) => Partial<T> = () => ({}),
  ) => Array.from({ length: n }, (_, i) => ({ ...item, id: `${item.id}-${i}`, ...patch(i) }));

  it.each([
    [
      'a blank location name',
      locationOf({ name: '   ' }),
      'locations.0.name',
      LocationMessage.LocationFieldsRequired,
    ],
    [
      'no location name',
      locationOf({ name: undefined }),
      'locations.0.name',
      LocationMessage.LocationFieldsRequired,
    ],
    [
      'a blank address',
      locationOf({ address: '' }),
      'locations.0.address',
      LocationMessage.LocationFieldsRequired,
    ],
    ['a blank area name', areaOf({ name: ' ' }), 'service_areas.0.name', LocationMessage.AreaNameRequired],
    ['radius 0', areaOf({ radius: 0 }), 'service_areas.0.radius', LocationMessage.Radius],
    ['radius 51', areaOf({ radius: 51 }), 'service_areas.0.radius', LocationMessage.Radius],
    ['a fractional radius', areaOf({ radius: 4.5 }), 'service_areas.0.radius', LocationMessage.Radius],
    ['a radius as text', areaOf({ radius: '5' }), 'service_areas.0.radius', LocationMessage.Radius],
    ['a sixth colour', areaOf({ color: '#ff00ff' }), 'service_areas.0.color', LocationMessage.Colour],
    ['latitude 90.5', locationOf({ latitude: 90.5 }), 'locations.0.latitude', LocationMessage.Latitude],
    [
      'longitude -180.5',
      areaOf({ longitude: -180.5 }),
      'service_areas.0.longitude',
      LocationMessage.Longitude,
    ],
    [
      'a latitude as text',
      locationOf({ latitude: '53.8' }),
      'locations.0.latitude',
      LocationMessage.Latitude,
    ],
    [
      'no headquarters',
      { locations: [{ ...leeds, isHeadquarters: false }, bradford], service_areas: [] },
      'locations',
      LocationMessage.Headquarters,
    ],
    [
      'two headquarters',
      { locations: [leeds, { ...bradford, isHeadquarters: true }], service_areas: [] },
      'locations',
      LocationMessage.Headquarters,
    ],
    ['a long name', locationOf({ name: 'n'.repeat(101) }), 'locations.0.name', LocationMessage.NameTooLong],
    [
      'a long address',
      locationOf({ address: 'a'.repeat(201) }),
      'locations.0.address',
      LocationMessage.AddressTooLong,
    ],
    [
      'a long area name',
      areaOf({ name: 'n'.repeat(101) }),
      'service_areas.0.name',
      LocationMessage.AreaNameTooLong,
    ],
    [
      'a long description',
      areaOf({ description: 'd'.repeat(501) }),
      'service_areas.0.description',
      LocationMessage.DescriptionTooLong,
    ],
    ['an id with spaces', locationOf({ id: 'my office' }), 'locations.0.id', LocationMessage.BadId],
    [
      'a repeated id',
      { locations: [leeds, { ...bradford, id: leeds.id }], service_areas: [] },
      'locations.1.id',
      LocationMessage.DuplicateId,
    ],
    [
      `${MAX_LOCATIONS + 1} locations`,
      { locations: many(leeds, MAX_LOCATIONS + 1, (i) => ({ isHeadquarters: i === 0 })), service_areas: [] },
      'locations',
      LocationMessage.TooManyLocations,
    ],
    [
      `${MAX_SERVICE_AREAS + 1} areas`,
      { locations: [leeds], service_areas: many(centralLeeds, MAX_SERVICE_AREAS + 1) },
      'service_areas',
      LocationMessage.TooManyAreas,
    ],
    ['an unknown field', locationOf({ city: 'Leeds' }), undefined, 'Unknown field: city'],
    ['no service_areas', { locations: [leeds] }, 'service_areas', 'service_areas must be a list'],
  ])('%s', async (_, body, field, message) => {
    const before = await getLocations(owner.idToken);
    const res = await saveLocations(body, owner.idToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: message, code: 'VALIDATION_FAILED' });
    if (field) expect(res.body.field).toBe(field);
    // Nothing changed.
    expect((await getLocations(owner.idToken)).body).toEqual(before.body);
  });

  it('takes the largest settings the rules allow', async () => {
    const charity = await createCharity({ label: 'loc-full' });
    const body = {
      locations: many({ ...leeds, name: 'n'.repeat(100), address: 'a'.repeat(200) }, MAX_LOCATIONS, (i) => ({
        isHeadquarters: i === 0,
      })),
      service_areas: many(
        { ...centralLeeds, name: 'n'.repeat(100), description: 'd'.repeat(500) },
        MAX_SERVICE_AREAS,
      ),
    };
    const res = await saveLocations(body, charity.idToken);
    expect(res.status).toBe(200);
    expect((res.body.locations as unknown[]).length).toBe(MAX_LOCATIONS);
    expect((res.body.service_areas as unknown[]).length).toBe(MAX_SERVICE_AREAS);
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    const raw = await fetch(`${appUrl}/api/me/locations`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.idToken}` },
      body: '{"locations": [',
    });
    expect(raw.status).toBe(400);
    const text = await fetch(`${appUrl}/api/me/locations`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${owner.idToken}` },
      body: 'locations',
    });
    expect(text.status).toBe(415);
    const huge = await saveLocations(
      { locations: [], service_areas: [], pad: 'x'.repeat(70 * 1024) },
      owner.idToken,
    );
    expect(huge.status).toBe(413);
  });
});

describe('address lookup', () => {
  it('finds a place and names it', async () => {
    const res = await geocode({ query: 'Camden, London', purpose: 'search' }, owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      latitude: 51.539,
      longitude: -0.1426,
      label: 'Camden, London',
    });
  });

  it('finds a new location by its address', async () => {
    const res = await geocode({ query: '14 Kirkgate, Leeds LS2 7DJ', purpose: 'address' }, owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ label: 'Leeds, England', latitude: 53.8008, longitude: -1.5491 });
  });

  it("says the map search's message when a search finds nothing (the default purpose)", async () => {
    for (const body of [{ query: 'Atlantis', purpose: 'search' }, { query: 'Atlantis' }]) {
      const res = await geocode(body, owner.idToken);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        error: 'Could not find location. Please try a different search term.',
        code: 'LOCATION_NOT_FOUND',
      });
    }
  });

  it("says the address lookup's message when an address is not found", async () => {
    const res = await geocode({ query: '1 Nowhere Lane, Atlantis', purpose: 'address' }, owner.idToken);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error: 'Could not geocode address. Please check the address and try again.',
    });
  });

  it.each([
    ['a blank query', { query: '   ' }, LocationMessage.QueryRequired],
    ['no query', {}, LocationMessage.QueryRequired],
    ['a 201-character query', { query: 'x'.repeat(201) }, LocationMessage.QueryTooLong],
    [
      'an unknown purpose',
      { query: 'Leeds', purpose: 'everything' },
      'purpose must be one of: search, address',
    ],
  ])('refuses %s', async (_, body, message) => {
    const res = await geocode(body, owner.idToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: message });
  });

  it(`limits lookups to ${GEOCODE_LIMIT.limit} per charity per ${GEOCODE_LIMIT.window / 60} minutes`, async () => {
    const busy = await createCharity({ label: 'loc-busy' });
    // Counters run in fixed windows: start well inside one, so all 61 calls share it.
    await withRoomInWindow(GEOCODE_LIMIT.window, 60);
    const answers = [];
    for (let i = 0; i < GEOCODE_LIMIT.limit; i++)
      answers.push((await geocode({ query: 'York' }, busy.idToken)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const refused = await geocode({ query: 'York' }, busy.idToken);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: LocationMessage.TooManySearches,
      isRateLimit: true,
      rateLimitType: 'other',
    });
    expect(refused.body.waitTime).toBeGreaterThan(0);
    expect(refused.body.waitTime).toBeLessThanOrEqual(GEOCODE_LIMIT.window);
    // Another charity is not held up.
    expect((await geocode({ query: 'York' }, other.idToken)).status).toBe(200);
  });
});

describe('runtime configuration', () => {
  it('names the map tile server and its attribution', async () => {
    const config = (await (await fetch(`${appUrl}/config.json`)).json()) as Record<string, unknown>;
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.mapAttribution).toContain('OpenStreetMap');
    expect(runtimeConfig.mapTileUrl).toBe(config.mapTileUrl);
  });
});
