import type { DiscoverCharity, DiscoverRequest, DiscoverResponse } from '@shared/api/schemas/discover';
import { causeByCode, causeBySlug } from '@shared/causes';
import {
  DISCOVER_PAGE_SIZE,
  DiscoverMessage,
  discoverPath,
  distanceMetres,
  SIZE_BANDS,
  type SizeSlug,
} from '@shared/discover';
import { mediaUrl } from '@shared/media';
import type * as z from 'zod';
import type { CardArea, DiscoveryData } from '../../data/discovery';
import type { Directory, Entry } from './directory';

/** A place found for what the donor typed. */
export interface PlaceHit {
  lat: number;
  lng: number;
  label: string;
}

/** What the donor typed is not a place we will search near, with the reason in the donor's words (a BFPO). */
export interface PlaceRefusal {
  refused: string;
}

export interface DiscoverDeps {
  directory: Directory;
  discovery: Pick<DiscoveryData, 'stillListed'>;
  /** A place for the text, a refusal with its reason, or null when nothing matches. */
  places: { find: (text: string) => Promise<PlaceHit | PlaceRefusal | null> };
  mediaBaseUrl: string;
}

type Input = z.output<typeof DiscoverRequest>;
export interface Filters {
  cause?: string;
  place?: string;
  size?: SizeSlug;
}

/** The register's code of a cause filter's slug (undefined: no cause filter). */
export const causeCodeOf = (slug: string | undefined) => (slug ? causeBySlug(slug)?.code : undefined);

/**
 * The charity's service area nearest the point among those covering it (`covers`: the point is inside its
 * circle), else its nearest area at all; distances in metres to the area's centre. Null when it has no area.
 */
export function nearestArea(
  entry: Entry,
  point: { lat: number; lng: number },
): { area: CardArea; distance: number; covers: boolean } | null {
  let best: { area: CardArea; distance: number; covers: boolean } | null = null;
  for (const area of entry.card.areas) {
    const distance = distanceMetres(point, area);
    const covers = distance <= area.radius_km * 1000;
    if (!best || (covers && !best.covers) || (covers === best.covers && distance < best.distance))
      best = { area, distance, covers };
  }
  return best;
}

/** Entries matching the filters, with their distance when there is a place; sorted as shown. */
export function match(entries: readonly Entry[], filters: Filters, point: PlaceHit | null) {
  const code = causeCodeOf(filters.cause);
  const out: { entry: Entry; distance: number | null }[] = [];
  for (const entry of entries) {
    if (code !== undefined && !entry.causes.has(code)) continue;
    if (filters.size && entry.size !== filters.size) continue;
    let distance: number | null = null;
    if (point) {
      const near = nearestArea(entry, point);
      if (!near?.covers) continue;
      distance = near.distance;
    }
    out.push({ entry, distance });
  }
  // Nearest first with a place; then small charities first (the product's point); then by name.
  return out.sort(
    (a, b) =>
      (a.distance ?? 0) - (b.distance ?? 0) ||
      a.entry.sizeRank - b.entry.sizeRank ||
      a.entry.nameKey.localeCompare(b.entry.nameKey, 'en-GB'),
  );
}

const sizeLabel = (slug: SizeSlug | null) => SIZE_BANDS.find((b) => b.slug === slug)?.label ?? null;

/** A directory entry as the API shows it (a card of the listing, a charity of a recommendation). */
export function toCharity(
  deps: DiscoverDeps,
  { entry, distance }: { entry: Entry; distance: number | null },
): DiscoverCharity {
  const { card } = entry;
  return {
    registration_number: card.registration_number,
    display_name: card.display_name,
    registered_name: card.registered_name,
    mission: card.mission,
    image_url: card.image ? mediaUrl(deps.mediaBaseUrl, card.image) : null,
    causes: card.causes.flatMap((c) => {
      const cause = causeByCode(c);
      return cause ? [{ slug: cause.slug, label: cause.label }] : [];
    }),
    areas: [...new Set(card.areas.map((a) => a.name))].slice(0, 3),
    size: sizeLabel(entry.size),
    distance_m: distance,
    circles: card.areas.map((a) => ({ lat: a.lat, lng: a.lng, radius_km: a.radius_km })),
  };
}

/** Why a search found nothing, in the words of its one filter (or all of them). */
function emptyMessage(filters: Filters, placeLabel: string | null, anyLive: boolean): string {
  if (!anyLive) return DiscoverMessage.NoneLive;
  const set = [filters.cause, filters.place, filters.size].filter(Boolean).length;
  if (set > 1) return DiscoverMessage.NoneForAll;
  if (filters.cause) return DiscoverMessage.NoneForCause(causeBySlug(filters.cause)?.label ?? filters.cause);
  if (filters.place) return DiscoverMessage.NoneNearPlace(placeLabel ?? filters.place);
  return DiscoverMessage.NoneOfSize(sizeLabel(filters.size ?? null) ?? '');
}

/** The nearest wider search that finds something: without the place, then the size, then the cause. */
function wider(entries: readonly Entry[], filters: Filters, point: PlaceHit | null) {
  const tries: { label: string; filters: Filters; point: PlaceHit | null }[] = [];
  if (filters.place)
    tries.push({ label: 'Anywhere in the UK', filters: { ...filters, place: undefined }, point: null });
  if (filters.size) tries.push({ label: 'Any size', filters: { ...filters, size: undefined }, point });
  if (filters.cause) tries.push({ label: 'Any cause', filters: { ...filters, cause: undefined }, point });
  if (filters.place && (filters.size || filters.cause))
    tries.push({ label: 'Only near this place', filters: { place: filters.place }, point });
  for (const t of tries) {
    const total = match(entries, t.filters, t.point).length;
    if (total > 0) return { label: t.label, path: discoverPath(t.filters), total };
  }
  return null;
}

/**
 * The live check of every answer: which of these entries' charities are not listed live at this moment (their
 * LIVE records, read consistently); those are dropped from the directory until its next read.
 */
export async function dropNotListed(
  deps: Pick<DiscoverDeps, 'directory' | 'discovery'>,
  shown: readonly { entry: Entry }[],
): Promise<Set<string>> {
  const ids = shown.map((s) => s.entry.card.user_id);
  const listed = await deps.discovery.stillListed(ids);
  const gone = new Set(ids.filter((id) => !listed.has(id)));
  if (gone.size) deps.directory.drop(gone);
  return gone;
}

/**
 * A page of live charities for the filters (issue 45): cause, place (its service areas cover the place, nearest
 * first) and size; 24 a page. Only charities listed live at this moment are shown: the page's charities are
 * checked against their LIVE records (a charity taken offline since the directory was read is dropped, and
 * forgotten until the next read). An empty answer says why and offers the nearest wider search.
 */
export async function discoverCharities(deps: DiscoverDeps, input: Input): Promise<DiscoverResponse> {
  const filters: Filters = {
    cause: input.cause,
    place: input.place,
    size: input.size as SizeSlug | undefined,
  };
  const [entries, placeAnswer] = await Promise.all([
    deps.directory.entries(),
    filters.place ? deps.places.find(filters.place) : Promise.resolve(null),
  ]);
  const point = placeAnswer && 'lat' in placeAnswer ? placeAnswer : null;
  const base = {
    success: true as const,
    filters: { cause: filters.cause ?? null, place: filters.place ?? null, size: filters.size ?? null },
    place_label: point?.label ?? null,
    place_point: point ? { lat: point.lat, lng: point.lng } : null,
  };
  if (filters.place && !point) {
    const withoutPlace = { ...filters, place: undefined };
    const total = match(entries, withoutPlace, null).length;
    return {
      ...base,
      total: 0,
      page: 1,
      pages: 0,
      charities: [],
      empty: {
        message:
          placeAnswer && 'refused' in placeAnswer
            ? placeAnswer.refused
            : DiscoverMessage.PlaceNotFound(filters.place),
        wider: total ? { label: 'Anywhere in the UK', path: discoverPath(withoutPlace), total } : null,
      },
    };
  }
  let found = match(entries, filters, point);
  const pages = Math.ceil(found.length / DISCOVER_PAGE_SIZE);
  const page = Math.min(input.page, Math.max(pages, 1));
  let shown = found.slice((page - 1) * DISCOVER_PAGE_SIZE, page * DISCOVER_PAGE_SIZE);
  const gone = [...(await dropNotListed(deps, shown))];
  if (gone.length) {
    const goneSet = new Set(gone);
    found = found.filter((s) => !goneSet.has(s.entry.card.user_id));
    shown = shown.filter((s) => !goneSet.has(s.entry.card.user_id));
  }
  const total = found.length;
  return {
    ...base,
    total,
    page,
    pages: Math.ceil(total / DISCOVER_PAGE_SIZE),
    charities: shown.map((s) => toCharity(deps, s)),
    empty:
      total === 0
        ? {
            message: emptyMessage(filters, point?.label ?? null, entries.length - gone.length > 0),
            wider: wider(
              entries.filter((e) => !gone.includes(e.card.user_id)),
              filters,
              point,
            ),
          }
        : null,
  };
}
