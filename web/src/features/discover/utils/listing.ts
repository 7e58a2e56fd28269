import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { causeBySlug } from '@shared/causes';
import { type DiscoverQuery, discoverQueryKey } from '@shared/discover';
import { paths } from '@shared/site/paths';

/**
 * How the results are shown: the cards alone, or the map over them (`?view=map`). The view is in the address so
 * a map can be shared, but it is the browser's alone: the document (the cards, the map's accessible twin) is the
 * same for both, so it is not one of the listing's document keys and CloudFront keeps one entry for the two.
 */
export type ListingView = 'list' | 'map';
/** The list under the map (the map's accessible twin): the map's skip link lands on it. */
export const LIST_ID = 'discover-list';
export const VIEW_KEY = 'view';

/** The view an address asks for. */
export const listingViewOf = (search: string): ListingView =>
  new URLSearchParams(search).get(VIEW_KEY) === 'map' ? 'map' : 'list';

/** The listing's address for a raw query (a form's values, a page's filters): empty values left out; the view kept. */
export function listingHref(query: DiscoverQuery, view: ListingView = 'list'): string {
  const key = discoverQueryKey(query);
  const params = view === 'map' ? [key, `${VIEW_KEY}=map`].filter(Boolean).join('&') : key;
  return params ? `${paths.charities.path}?${params}` : paths.charities.path;
}

/** The answer's filters as a query (for links that keep them: pages, wider searches). */
export function answerQuery(answer: DiscoverResponse, page?: number): DiscoverQuery {
  const { cause, place, size } = answer.filters;
  return {
    cause: cause ?? undefined,
    place: place ?? undefined,
    size: size ?? undefined,
    page: page && page > 1 ? String(page) : undefined,
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** One line over the results: "12 small charities for animals near Camden, London". */
export function resultsSummary(answer: DiscoverResponse): string {
  const { total, filters, place_label } = answer;
  // Why is said below (the answer's empty message): a count of nothing "near" a place not found would mislead.
  if (total === 0) return 'No charities found';
  const cause = filters.cause ? causeBySlug(filters.cause) : undefined;
  return [
    total.toLocaleString('en-GB'),
    filters.size ?? '',
    total === 1 ? 'charity' : 'charities',
    cause ? `for ${lowerFirst(cause.label)}` : '',
    place_label ? `near ${place_label}` : 'across the UK',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A card's causes, the one searched for first, at most `max` (the rest counted). */
export function shownCauses(
  causes: readonly { slug: string; label: string }[],
  searched: string | null,
  max = 4,
): { shown: { slug: string; label: string }[]; more: number } {
  const ordered = searched
    ? [...causes.filter((c) => c.slug === searched), ...causes.filter((c) => c.slug !== searched)]
    : [...causes];
  return { shown: ordered.slice(0, max), more: Math.max(0, ordered.length - max) };
}
