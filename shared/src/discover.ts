/**
 * Discovery of live charities (issue 45): the filters as they stand in a URL (`/charities?cause=…&place=…&size=…
 * &page=…`), one reading for the server render, the API and the page's form. Causes are the register's
 * classification (`causes.ts`), sizes the register's latest income.
 */

/** Cards on a page of `/charities`. */
export const DISCOVER_PAGE_SIZE = 24;
/** Pages a listing may ask for at most (24 × 420 = 10,080 cards: every live charity of the bench). */
export const DISCOVER_MAX_PAGE = 420;
/** The longest place a donor may type (a town or a postcode). */
export const PLACE_MAX = 60;

/** The register's latest income as a size, small first (the product's point: small charities). */
export const SIZE_BANDS = [
  { slug: 'small', label: 'Small (under £100,000 a year)', min: 0, max: 100_000 },
  { slug: 'medium', label: 'Medium (£100,000 to £1 million)', min: 100_000, max: 1_000_000 },
  { slug: 'large', label: 'Large (over £1 million)', min: 1_000_000, max: Number.POSITIVE_INFINITY },
] as const;
export type SizeSlug = (typeof SIZE_BANDS)[number]['slug'];

/** The band of an income in pounds (null: the register holds none). */
export function sizeOf(incomePounds: number | null): SizeSlug | null {
  if (incomePounds === null || !Number.isFinite(incomePounds) || incomePounds < 0) return null;
  return SIZE_BANDS.find((b) => incomePounds >= b.min && incomePounds < b.max)?.slug ?? null;
}

/**
 * The query keys of `/charities` (and the only ones its document reads): CloudFront keys the page's cache on these
 * four and forwards no other (infra/stacks/web-stack.ts), so `?utm_source=…` shares the unfiltered page's entry.
 */
export const DISCOVER_QUERY_KEYS = ['cause', 'place', 'size', 'page'] as const;

/** The filters of a listing; absent means any. */
export interface DiscoverFilters {
  cause?: string;
  place?: string;
  size?: SizeSlug;
  page: number;
}

/** The words of an empty listing, and of its wider search. */
export const DiscoverMessage = {
  NoneLive: 'No charities are live yet. Check back soon.',
  NoneForCause: (cause: string) => `No live charity works on ${cause} yet.`,
  NoneNearPlace: (place: string) => `No live charity says it works in or near ${place} yet.`,
  NoneOfSize: (size: string) => `No live charity of this size matches yet: ${size}.`,
  NoneForAll: 'No live charity matches all of these choices yet.',
  PlaceNotFound: (place: string) => `We could not find "${place}". Try a town or a full UK postcode.`,
  PlaceTooLong: `A place is at most ${PLACE_MAX} characters.`,
  UnknownCause: 'Choose a cause from the list.',
  UnknownSize: 'Choose a size from the list.',
  BadPage: 'That page of results does not exist.',
} as const;

/** The listing's query string for filters (page 1 and empty filters left out): the URL to share. */
export function discoverQuery(filters: Partial<DiscoverFilters>): string {
  const params = new URLSearchParams();
  if (filters.cause) params.set('cause', filters.cause);
  if (filters.place?.trim()) params.set('place', filters.place.trim());
  if (filters.size) params.set('size', filters.size);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A listing's raw query: the four keys as a URL or a form gives them (any text, absent or empty for none). */
export type DiscoverQuery = Partial<Record<(typeof DISCOVER_QUERY_KEYS)[number], string>>;

/**
 * The raw query's own words, as they identify a listing (the server render's inline data is for this one):
 * the four keys alone, trimmed, spacing collapsed, empty values and page 1 left out, in a fixed order.
 */
export function discoverQueryKey(query: DiscoverQuery): string {
  const params = new URLSearchParams();
  for (const key of DISCOVER_QUERY_KEYS) {
    const value = query[key]?.replace(/\s+/g, ' ').trim();
    if (value && !(key === 'page' && value === '1')) params.set(key, value);
  }
  return params.toString();
}

/** The listing's raw query in a URL's search part (`?cause=…`): the four keys alone. */
export function discoverQueryOf(search: string | URLSearchParams): DiscoverQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: DiscoverQuery = {};
  for (const key of DISCOVER_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** The path of the listing with its filters. */
export const discoverPath = (filters: Partial<DiscoverFilters> = {}) => `/charities${discoverQuery(filters)}`;

/** Great-circle distance in whole metres (haversine; the Earth as a 6,371 km sphere). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The listing's page name (its document title is this and the product's name). */
export const DISCOVER_TITLE = 'Find a charity';
/** The listing's description for search results and link previews. */
export const DISCOVER_DESCRIPTION =
  'Small, vetted UK charities by cause, place and size: read their story in their own words and give with no platform fee.';

/**
 * The listing's canonical path (its filters kept: each is a page of its own) and whether search engines may
 * index it: the first page of the whole list, or of a cause or a size, is; a later page, a typed place (words
 * without end) or an empty answer is not: thin or near-duplicate pages stay out of the index.
 */
export function discoverIndexing(answer: {
  filters: { cause: string | null; place: string | null; size: string | null };
  page: number;
  total: number;
}): { canonicalPath: string; noindex: boolean } {
  const { cause, place, size } = answer.filters;
  return {
    canonicalPath: discoverPath({
      cause: cause ?? undefined,
      place: place ?? undefined,
      size: (size ?? undefined) as SizeSlug | undefined,
      page: answer.page,
    }),
    noindex: answer.page > 1 || place !== null || answer.total === 0,
  };
}
