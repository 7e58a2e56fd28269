import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GAZETTEER } from './gazetteer-data';
import {
  createGazetteerGeocoder,
  createGeocoder,
  createHttpGeocoder,
  GEOCODER_USER_AGENT,
  GeocoderEnv,
  GeocoderUnavailableError,
  wordsOf,
} from './geocoder';

describe('offline gazetteer', () => {
  const gazetteer = createGazetteerGeocoder();

  it.each([
    ['Leeds', 'Leeds, England', 53.8008, -1.5491],
    ['leeds', 'Leeds, England', 53.8008, -1.5491],
    ['  MANCHESTER ', 'Manchester, England', 53.4808, -2.2426],
    ['12 High Street, Camden, London NW1', 'Camden, London', 51.539, -0.1426],
    ['London', 'London, England', 51.5074, -0.1278],
    ["King's Cross", "King's Cross, London", 51.5308, -0.1238],
    ['kings cross station', "King's Cross, London", 51.5308, -0.1238],
    ['Newcastle upon Tyne', 'Newcastle upon Tyne, England', 54.9783, -1.6178],
    ['Stratford-upon-Avon', 'Stratford-upon-Avon, England', 52.1917, -1.7083],
    ['Stratford, London E15', 'Stratford, London', 51.5413, -0.0032],
    ['1 Finance Street, City of London', 'City of London, London', 51.5155, -0.0922],
    ['Bath Road, Reading', 'Reading, England', 51.4543, -0.9781],
    ['St. Albans', 'St Albans, England', 51.7527, -0.3394],
    ['Cardiff Bay', 'Cardiff, Wales', 51.4816, -3.1791],
  ])('finds %p as %p', async (query, label, latitude, longitude) => {
    await expect(gazetteer.geocode(query)).resolves.toEqual({ label, latitude, longitude });
  });

  it.each(['Atlantis', 'Springfield', '', '   ', 'Lee', 'Manchesterford', 'Paris, France'])(
    'finds nothing for %p',
    async (query) => {
      await expect(gazetteer.geocode(query)).resolves.toBeNull();
    },
  );

  it('normalises words: case, apostrophes, punctuation and accents', () => {
    expect(wordsOf('King’s Cross, LONDON-Town  É')).toEqual(['kings', 'cross', 'london', 'town', 'e']);
  });

  it('has sound coordinates for every place, all within the British Isles', () => {
    expect(GAZETTEER.length).toBeGreaterThan(150);
    for (const [names, latitude, longitude] of GAZETTEER) {
      expect(names.length).toBeGreaterThan(0);
      expect(latitude).toBeGreaterThan(49.8);
      expect(latitude).toBeLessThan(60.9);
      expect(longitude).toBeGreaterThan(-8.2);
      expect(longitude).toBeLessThan(1.8);
    }
  });

  it('puts every part of London within 30 km of its centre', () => {
    for (const [names, latitude, longitude, kind] of GAZETTEER) {
      if (kind !== 'area') continue;
      const km = Math.hypot((latitude - 51.5074) * 111, (longitude + 0.1278) * 69);
      expect([names[0], km < 30]).toEqual([names[0], true]);
    }
  });
});

describe('geocoder configuration', () => {
  it('defaults to the offline gazetteer', async () => {
    const env = GeocoderEnv.parse({});
    expect(env).toEqual({
      GEOCODER: 'gazetteer',
      GEOCODER_URL: 'https://nominatim.openstreetmap.org',
      GEOCODER_TIMEOUT_MS: 4000,
    });
    await expect(createGeocoder(env).geocode('York')).resolves.toMatchObject({ label: 'York, England' });
  });

  it('refuses an unknown geocoder or a bad URL', () => {
    expect(GeocoderEnv.safeParse({ GEOCODER: 'google' }).success).toBe(false);
    expect(GeocoderEnv.safeParse({ GEOCODER: 'nominatim', GEOCODER_URL: 'not a url' }).success).toBe(false);
  });
});

describe('HTTP geocoder against a Nominatim-shaped server', () => {
  type Mode = 'ok' | 'empty' | '500' | '429' | 'slow' | 'html' | 'object' | 'bad-place';
  let mode: Mode = 'ok';
  const seen: { url: string; userAgent?: string; language?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      userAgent: req.headers['user-agent'],
      language: req.headers['accept-language'] as string | undefined,
    });
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'slow') return void setTimeout(() => send(200, []), 400);
    if (mode === '500') return send(500, { error: 'boom' });
    if (mode === '429') return send(429, { error: 'slow down' });
    if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    if (mode === 'object') return send(200, { error: 'Unable to geocode' });
    if (mode === 'bad-place') return send(200, [{ lat: 'north', lon: '0' }]);
    if (mode === 'empty') return send(200, []);
    send(200, [
      {
        place_id: 1,
        lat: '53.4794892',
        lon: '-2.2451148',
        display_name: 'Manchester, Greater Manchester, England, United Kingdom',
        name: 'Manchester',
      },
      { place_id: 2, lat: '0', lon: '0', display_name: 'Second' },
    ]);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    mode = 'ok';
    seen.length = 0;
  });

  it('asks the search API for one UK place, identifying itself, and returns the first', async () => {
    const geocoder = createHttpGeocoder({ baseUrl: base });
    await expect(geocoder.geocode('Manchester & Salford')).resolves.toEqual({
      latitude: 53.4794892,
      longitude: -2.2451148,
      label: 'Manchester, Greater Manchester, England, United Kingdom',
    });
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url, base);
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Manchester & Salford',
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'gb',
    });
    expect(seen[0]!.userAgent).toBe(GEOCODER_USER_AGENT);
    expect(GEOCODER_USER_AGENT).toMatch(/^Kindred\/1\.0 \(.*support@kindredgiving\.org\.uk\)$/);
    expect(seen[0]!.language).toBe('en-GB');
  });

  it('is the configured adapter for GEOCODER=nominatim', async () => {
    const geocoder = createGeocoder(GeocoderEnv.parse({ GEOCODER: 'nominatim', GEOCODER_URL: base }));
    await expect(geocoder.geocode('Manchester')).resolves.toMatchObject({ latitude: 53.4794892 });
    expect(seen).toHaveLength(1);
  });

  it('answers null when nothing is found', async () => {
    mode = 'empty';
    await expect(createHttpGeocoder({ baseUrl: base }).geocode('Atlantis')).resolves.toBeNull();
  });

  it.each([
    ['500', /answered 500/],
    ['429', /answered 429/],
    ['html', /other than JSON/],
    ['object', /unexpected shape/],
    ['bad-place', /unexpected place/],
  ] as const)('reports a %s answer as unavailable', async (m, message) => {
    mode = m;
    const promise = createHttpGeocoder({ baseUrl: base }).geocode('Leeds');
    await expect(promise).rejects.toBeInstanceOf(GeocoderUnavailableError);
    await expect(promise).rejects.toThrow(message);
  });

  it('times out', async () => {
    mode = 'slow';
    const promise = createHttpGeocoder({ baseUrl: base, timeoutMs: 100 }).geocode('Leeds');
    await expect(promise).rejects.toThrow('did not answer in time');
  });

  it('reports an unreachable server', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const promise = createHttpGeocoder({ baseUrl: `http://127.0.0.1:${port}` }).geocode('Leeds');
    await expect(promise).rejects.toThrow('could not be reached');
  });
});
