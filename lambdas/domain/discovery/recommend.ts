import type { RecommendedCharity, RecommendRequest, RecommendResponse } from '@shared/api/schemas/discover';
import { DiscoverMessage } from '@shared/discover';
import {
  causeLabel,
  kmText,
  RECENT_POST_DAYS,
  RECOMMEND_MAX,
  RecommendMessage,
  type RecommendWay,
  sizeReason,
} from '@shared/recommend';
import type * as z from 'zod';
import type { Clock } from '../../lib/clock';
import type { Entry } from './directory';
import {
  causeCodeOf,
  type DiscoverDeps,
  dropNotListed,
  nearestArea,
  type PlaceHit,
  toCharity,
} from './discover';

export interface RecommendDeps extends DiscoverDeps {
  clock: Clock;
}

type Input = z.output<typeof RecommendRequest>;

/** One charity weighed against the answers. */
interface Weighed {
  entry: Entry;
  /** Answers it does not meet (0: a full match). */
  missed: number;
  causeMet: boolean;
  /** Metres from the place to its nearest area (covering first); 0 without a place, Infinity with no area. */
  distance: number;
  near: ReturnType<typeof nearestArea>;
  placeMet: boolean;
  postsMet: boolean;
}

/** Charities checked live in one go: the shortlist and spares for any found offline. */
const LIVE_BATCH = RECOMMEND_MAX * 2;
/** Charities put in order first: four batches of the live check. */
const TOP = LIVE_BATCH * 4;

/** The first `k` in the shortlist's order (a bounded insertion: one pass, no sort of the whole directory). */
function best(all: readonly Weighed[], k: number): Weighed[] {
  const top: Weighed[] = [];
  for (const w of all) {
    if (top.length === k && compare(w, top[k - 1] as Weighed) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(top[mid] as Weighed, w) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, w);
    if (top.length > k) top.pop();
  }
  return top;
}

/**
 * Full matches first, small ones first, then the nearest; then the wider matches: the fewest answers missed,
 * the cause kept before the place (as the listing's wider search), the nearest, small first. Then by name, so the
 * same data always gives the same shortlist.
 */
function compare(a: Weighed, b: Weighed): number {
  if (a.missed !== b.missed) return a.missed - b.missed;
  const byName = a.entry.nameKey.localeCompare(b.entry.nameKey, 'en-GB');
  if (a.missed === 0) return a.entry.sizeRank - b.entry.sizeRank || a.distance - b.distance || byName;
  return (
    Number(b.causeMet) - Number(a.causeMet) ||
    a.distance - b.distance ||
    Number(b.postsMet) - Number(a.postsMet) ||
    a.entry.sizeRank - b.entry.sizeRank ||
    byName
  );
}

function weigh(
  entries: readonly Entry[],
  code: number | undefined,
  point: PlaceHit | null,
  since: string | null,
) {
  return entries.map((entry): Weighed => {
    const causeMet = code === undefined || entry.causes.has(code);
    const near = point ? nearestArea(entry, point) : null;
    const placeMet = !point || near?.covers === true;
    const postsMet = since === null || (entry.card.last_post_at ?? '') >= since;
    return {
      entry,
      missed: Number(!causeMet) + Number(!placeMet) + Number(!postsMet),
      causeMet,
      distance: point ? (near?.distance ?? Number.POSITIVE_INFINITY) : 0,
      near,
      placeMet,
      postsMet,
    };
  });
}

/** Why it was chosen and which answers it does not meet, in plain words from its data. */
function explain(
  w: Weighed,
  answers: { cause?: string; way: RecommendWay },
  point: PlaceHit | null,
): { reasons: string[]; misses: string[] } {
  const reasons: string[] = [];
  const misses: string[] = [];
  const { card, size } = w.entry;
  if (answers.cause) {
    const label = causeLabel(answers.cause);
    (w.causeMet ? reasons : misses).push(
      w.causeMet ? RecommendMessage.Cause(label) : RecommendMessage.NotCause(label),
    );
  } else if (card.causes[0] !== undefined) {
    reasons.push(RecommendMessage.Cause(causeLabel(card.causes[0])));
  }
  if (point && w.near) {
    const km = kmText(w.near.distance);
    if (w.placeMet) reasons.push(RecommendMessage.Serves(w.near.area.name, km, point.label));
    else misses.push(RecommendMessage.NotNear(w.near.area.name, km, point.label));
  } else if (point) {
    misses.push(RecommendMessage.NoArea(point.label));
  }
  if (size === 'small') reasons.push(sizeReason(size));
  if (answers.way === 'follow')
    (w.postsMet ? reasons : misses).push(
      w.postsMet ? RecommendMessage.PostsUpdates : RecommendMessage.NoRecentPosts,
    );
  return { reasons, misses };
}

/**
 * "Get a recommendation" (issue 45): up to three live charities for the donor's answers (a cause, a place, a
 * one-off gift or following their work), from the listing's own directory and with its live check, each with
 * the reasons it was chosen. Those meeting every answer come first (small first, then nearest); when fewer than
 * three do, the nearest wider matches fill the list, saying which answer each does not meet. Deterministic for
 * the same data; nothing about the donor is stored.
 */
export async function recommendCharities(deps: RecommendDeps, input: Input): Promise<RecommendResponse> {
  const way: RecommendWay = input.way === 'follow' ? 'follow' : 'once';
  const [entries, found] = await Promise.all([
    deps.directory.entries(),
    input.place ? deps.places.find(input.place) : Promise.resolve(null),
  ]);
  const point = found && 'lat' in found ? found : null;
  const since =
    way === 'follow'
      ? new Date(deps.clock.now().getTime() - RECENT_POST_DAYS * 86_400_000).toISOString()
      : null;
  const weighed = weigh(entries, causeCodeOf(input.cause), point, since);
  // The best few alone are put in order (10,000 sorted on every answer would be most of its time); the rest only
  // when that many have gone offline since the directory was read.
  let ranked = best(weighed, TOP);
  const chosen: Weighed[] = [];
  for (let i = 0; chosen.length < RECOMMEND_MAX && i < weighed.length; i += LIVE_BATCH) {
    if (i + LIVE_BATCH > ranked.length && ranked.length < weighed.length) ranked = weighed.sort(compare);
    const batch = ranked.slice(i, i + LIVE_BATCH);
    const gone = await dropNotListed(deps, batch);
    chosen.push(...batch.filter((w) => !gone.has(w.entry.card.user_id)));
  }
  const charities = chosen.slice(0, RECOMMEND_MAX).map((w): RecommendedCharity => {
    const distance = point && w.near?.covers ? w.near.distance : null;
    return {
      ...toCharity(deps, { entry: w.entry, distance }),
      ...explain(w, { cause: input.cause, way }, point),
    };
  });
  return {
    success: true,
    answers: { cause: input.cause ?? null, place: input.place ?? null, way },
    place_label: point?.label ?? null,
    place_problem:
      !input.place || point
        ? null
        : found && 'refused' in found
          ? found.refused
          : DiscoverMessage.PlaceNotFound(input.place),
    charities,
  };
}
