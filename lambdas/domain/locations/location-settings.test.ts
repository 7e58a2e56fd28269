import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocationMessage } from '@shared/locations';
import { createGazetteerGeocoder, createHttpGeocoder } from '../../adapters/geocoder';
import type { RateLimits, RateWindow } from '../../data/rate-limits';
import { AppError } from '../../lib/http-errors';
import { GEOCODE_LIMIT, geocodeLocation } from './location-settings';

/** Rate counters in memory, with the same fixed windows as the table's. */
function memoryRates(): RateLimits & { hits: string[] } {
  const counts = new Map<string, number>();
  const hits: string[] = [];
  return {
    hits,
    async hit(scope: string, key: string, rule: RateWindow, now: Date) {
      const size = rule.window === 'day' ? 86_400 : rule.window;
      const start = Math.floor(now.getTime() / 1000 / size) * size;
      const id = `${scope}#${key}#${start}`;
      hits.push(`${scope}#${key}`);
      const count = counts.get(id) ?? 0;
      if (count >= rule.limit)
        return { allowed: false, retryAfterSeconds: start + size - now.getTime() / 1000 };
      counts.set(id, count + 1);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}

const clock = { now: () => new Date('2026-03-02T10:00:05Z') };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('geocodeLocation', () => {
  const gazetteer = createGazetteerGeocoder();

  it('answers the place found, counting the lookup against the caller', async () => {
    const rates = memoryRates();
    await expect(
      geocodeLocation({ geocoder: gazetteer, rates, clock }, 'charity-1', {
        query: 'Brixton',
        purpose: 'search',
      }),
    ).resolves.toEqual({ success: true, latitude: 51.4613, longitude: -0.1156, label: 'Brixton, London' });
    expect(rates.hits).toEqual(['geocode#charity-1']);
  });

  it.each([
    ['search', LocationMessage.SearchNotFound],
    ['address', LocationMessage.AddressNotFound],
  ] as const)('answers a %s miss with 404 and its own message', async (purpose, message) => {
    const error = await failure(
      geocodeLocation({ geocoder: gazetteer, rates: memoryRates(), clock }, 'c', {
        query: 'Atlantis',
        purpose,
      }),
    );
    expect(error).toMatchObject({ statusCode: 404, code: 'LOCATION_NOT_FOUND', message });
  });

  it('refuses lookups beyond the limit with the seconds left in the window', async () => {
    const deps = { geocoder: gazetteer, rates: memoryRates(), clock };
    for (let i = 0; i < GEOCODE_LIMIT.limit; i++) {
      await geocodeLocation(deps, 'busy', { query: 'York', purpose: 'search' });
    }
    const error = await failure(geocodeLocation(deps, 'busy', { query: 'York', purpose: 'search' }));
    expect(error).toMatchObject({
      statusCode: 429,
      message: LocationMessage.TooManySearches,
      flags: { isRateLimit: true, rateLimitType: 'other', waitTime: 595 },
    });
    await expect(geocodeLocation(deps, 'quiet', { query: 'York', purpose: 'search' })).resolves.toMatchObject(
      {
        success: true,
      },
    );
  });

  it('answers 503 without details when the geocoding service cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const geocoder = createHttpGeocoder({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(
      geocodeLocation({ geocoder, rates: memoryRates(), clock }, 'c', { query: 'Leeds', purpose: 'address' }),
    );
    expect(error).toMatchObject({ statusCode: 503, message: LocationMessage.LookupUnavailable });
    expect(error.message).not.toMatch(/127\.0\.0\.1|reached/);
  });
});
