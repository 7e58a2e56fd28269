/**
 * "Get a recommendation" (issue 45): three answers (what the donor cares about, where, one-off or to follow the
 * charity's work), then up to three live charities with the reasons each was chosen. The answers live in the
 * address alone (`/charities/recommend?cause=…&place=…&way=…`): nothing is stored, no account, no tracking.
 */
import { causeByCode, causeBySlug } from './causes';
import { SIZE_BANDS, type SizeSlug } from './discover';

/** How the donor means to give: a one-off gift, or a gift and then following the charity's posts. */
export const RECOMMEND_WAYS = ['once', 'follow'] as const;
export type RecommendWay = (typeof RECOMMEND_WAYS)[number];

/** Charities on a shortlist at most. */
export const RECOMMEND_MAX = 3;
/** A charity "posts updates" when its latest published post is at most this many days old. */
export const RECENT_POST_DAYS = 90;

/** The query keys of the recommendation page (its answers) and `step`, the question shown (1 to 3). */
export const RECOMMEND_QUERY_KEYS = ['cause', 'place', 'way', 'step'] as const;
export type RecommendQuery = Partial<Record<(typeof RECOMMEND_QUERY_KEYS)[number], string>>;

/** The recommendation page's address for answers so far (empty ones left out), at a question or the shortlist. */
export function recommendHref(query: RecommendQuery): string {
  const params = new URLSearchParams();
  for (const key of RECOMMEND_QUERY_KEYS) {
    const value = query[key]?.replace(/\s+/g, ' ').trim();
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return `/charities/recommend${text ? `?${text}` : ''}`;
}

/** The words of the recommendation: its questions' refusals and the reasons on each charity. */
export const RecommendMessage = {
  UnknownWay: 'Choose a one-off gift or following their work.',
  NoneLive: 'No charities are live yet. Check back soon.',
  Cause: (label: string) => `Works on ${label}`,
  NotCause: (label: string) => `Does not list ${label} among its causes`,
  /** "Serves Camden, 1.2 km from Camden, London". */
  Serves: (area: string, km: string, place: string) => `Serves ${area}, ${km} from ${place}`,
  NotNear: (area: string, km: string, place: string) =>
    `Does not say it works in ${place}: its nearest area, ${area}, is ${km} away`,
  NoArea: (place: string) => `Does not say it works in ${place}`,
  Size: (band: string) => `${band.replace(/ \(/, ': ').replace(/\)$/, '')}`,
  PostsUpdates: 'Posts updates',
  NoRecentPosts: 'Has not posted an update recently',
  Anywhere: 'Works across the UK wherever you are',
} as const;

/** A distance for a reason: "1.2 km" under 10 km, else whole km ("27 km"). */
export function kmText(metres: number): string {
  const km = metres / 1000;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-GB')} km`;
}

/** "Small: under £100,000 a year" from a size band. */
export const sizeReason = (slug: SizeSlug) => {
  const band = SIZE_BANDS.find((b) => b.slug === slug);
  return band ? RecommendMessage.Size(band.label) : '';
};

/** The cause's donor-facing label for a slug or a code (for the answers' summary and the reasons). */
export const causeLabel = (cause: string | number) =>
  (typeof cause === 'number' ? causeByCode(cause) : causeBySlug(cause))?.label ?? String(cause);
