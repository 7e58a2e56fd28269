import { brand } from '@shared/brand';
import { type EnvOf, envSchema, rule } from '../lib/env';
import { GAZETTEER, type GazetteerRow } from './gazetteer-data';

/** A place found for a query. */
export interface GeocodeHit {
  latitude: number;
  longitude: number;
  /** The place as the geocoder names it, e.g. "Camden, London". */
  label: string;
}

/** The geocoding port: a place for a free-text query, or null when nothing matches. */
export interface Geocoder {
  geocode(query: string): Promise<GeocodeHit | null>;
}

/** The geocoding service could not answer (unreachable, timed out, refused, or answered nonsense). */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

/** Public Nominatim; its usage policy asks for an identifying User-Agent and at most one request a second. */
export const NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const GEOCODER_USER_AGENT = `${brand.productName}/1.0 (charity location settings; ${brand.supportEmail})`;

/** Geocoder configuration, read at cold start. */
export const GeocoderEnv = envSchema({
  /** `gazetteer`: the offline list of UK places (local cloud); `nominatim`: a Nominatim-compatible search API. */
  GEOCODER: rule.oneOf(['gazetteer', 'nominatim'], 'gazetteer'),
  GEOCODER_URL: rule.url(NOMINATIM_URL),
  GEOCODER_TIMEOUT_MS: rule.int({ min: 100, max: 9000, fallback: 4000 }),
});
export type GeocoderEnv = EnvOf<typeof GeocoderEnv>;

export function createGeocoder(env: GeocoderEnv): Geocoder {
  return env.GEOCODER === 'nominatim'
    ? createHttpGeocoder({ baseUrl: env.GEOCODER_URL, timeoutMs: env.GEOCODER_TIMEOUT_MS })
    : createGazetteerGeocoder();
}

/** Lower case, apostrophes dropped, every other non-alphanumeric a word break: "King's Cross" -> kings cross. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Where `needle` occurs as consecutive words of `haystack` (last occurrence), or -1. */
function lastIndexOfWords(haystack: readonly string[], needle: readonly string[]): number {
  for (let start = haystack.length - needle.length; start >= 0; start--) {
    if (needle.every((word, i) => haystack[start + i] === word)) return start;
  }
  return -1;
}

/**
 * The offline gazetteer: the query's words are matched, case-insensitively, against the names of UK cities,
 * towns and parts of London. The most specific match wins: the longest name, then a part of London over a
 * town ("Camden, London" is Camden), then the one nearest the end (addresses run street, then town).
 */
export function createGazetteerGeocoder(rows: readonly GazetteerRow[] = GAZETTEER): Geocoder {
  const entries = rows.flatMap(([names, latitude, longitude, kind, region]) =>
    names.map((alias) => ({
      words: wordsOf(alias),
      kind,
      hit: { latitude, longitude, label: `${names[0]}, ${region}` },
    })),
  );
  return {
    async geocode(query) {
      const words = wordsOf(query);
      let best: { score: number; position: number; hit: GeocodeHit } | null = null;
      for (const entry of entries) {
        const position = lastIndexOfWords(words, entry.words);
        if (position < 0) continue;
        const score = entry.words.length * 10 + (entry.kind === 'area' ? 1 : 0);
        if (!best || score > best.score || (score === best.score && position > best.position)) {
          best = { score, position, hit: entry.hit };
        }
      }
      return best ? { ...best.hit } : null;
    },
  };
}

/** A Nominatim place's checked fields; zod loads with the first answer, not when the locations functions start. */
const nominatimPlace = once(() =>
  import('zod').then((z) =>
    z.object({
      lat: z.coerce.number().min(-90).max(90),
      lon: z.coerce.number().min(-180).max(180),
      display_name: z.string().optional(),
      name: z.string().optional(),
    }),
  ),
);

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * A Nominatim-compatible search API (`GET {base}/search?q=...&format=jsonv2`), limited to the UK. Sends an
 * identifying User-Agent, times out, and reports failures as {@link GeocoderUnavailableError}; an empty
 * answer is "not found".
 */
export function createHttpGeocoder(opts: {
  baseUrl?: string;
  timeoutMs?: number;
  userAgent?: string;
  /** ISO country codes to search in (default `gb`). */
  countryCodes?: string;
  fetch?: typeof fetch;
}): Geocoder {
  const base = (opts.baseUrl ?? NOMINATIM_URL).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 4000;
  return {
    async geocode(query) {
      const params = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        limit: '1',
        countrycodes: opts.countryCodes ?? 'gb',
      });
      let res: Response;
      try {
        res = await doFetch(`${base}/search?${params}`, {
          headers: {
            'user-agent': opts.userAgent ?? GEOCODER_USER_AGENT,
            accept: 'application/json',
            'accept-language': 'en-GB',
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new GeocoderUnavailableError(
          (error as Error)?.name === 'TimeoutError'
            ? 'The geocoder did not answer in time'
            : 'The geocoder could not be reached',
          { cause: error },
        );
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new GeocoderUnavailableError(`The geocoder answered ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (error) {
        throw new GeocoderUnavailableError('The geocoder answered with something other than JSON', {
          cause: error,
        });
      }
      if (!Array.isArray(body))
        throw new GeocoderUnavailableError('The geocoder answered an unexpected shape');
      if (body.length === 0) return null;
      const place = (await nominatimPlace()).safeParse(body[0]);
      if (!place.success) throw new GeocoderUnavailableError('The geocoder answered an unexpected place');
      const label = (place.data.display_name || place.data.name || query).slice(0, 200);
      return { latitude: place.data.lat, longitude: place.data.lon, label };
    },
  };
}
