import { causeCodes } from '@shared/causes';
import type { RegisterPort } from '../../adapters/register/port';
import type { CharityData } from '../../data/charities';
import type { CardArea, DiscoveryCard, DiscoveryData } from '../../data/discovery';
import type { ExploreData } from '../../data/explore';
import type { LocationData } from '../../data/locations';
import type { PageData } from '../../data/pages';
import type { PostData } from '../../data/posts';
import type { Clock } from '../../lib/clock';
import { publiclyVisible } from '../public-pages/public-pages';
import { excerptOf } from '../updates/publish';

export interface CardDeps {
  charities: Pick<CharityData, 'getProfile' | 'getVerification' | 'listLiveIds'>;
  locations: Pick<LocationData, 'get'>;
  explore: Pick<ExploreData, 'get' | 'media'>;
  pages: Pick<PageData, 'get'>;
  /** The newest published post (a recommendation's "Posts updates"). */
  posts: Pick<PostData, 'listPublished'>;
  discovery: Pick<DiscoveryData, 'putCard' | 'deleteCard' | 'listCards'>;
  register: Pick<RegisterPort, 'facts'>;
  clock: Clock;
}

/** The longest mission line a card carries (a sentence or two; the page has the rest). */
export const MISSION_MAX = 200;

/** Plain text on one line, cut at a word to `max` characters with an ellipsis (a post's excerpt's rule). */
export const oneLine = (text: string, max = MISSION_MAX): string => excerptOf(text, max);

/**
 * The charity's card as its items and the register say now, or null when donors may not see it: the public
 * page's trust rule (vetted, live, a live main page) and still on the register.
 */
export async function buildCard(deps: CardDeps, userId: string): Promise<DiscoveryCard | null> {
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!publiclyVisible(profile, flags)) return null;
  const [facts, locations, explore, page, latestPosts] = await Promise.all([
    deps.register
      .facts([profile.registration_number])
      .then((facts) => facts.get(profile.registration_number)),
    deps.locations.get(userId),
    deps.explore.get(userId),
    deps.pages.get(userId, profile.live_page_id),
    deps.posts.listPublished(userId, 1),
  ]);
  if (!facts?.registered || !page) return null;
  const description = page.content.page_description ?? '';
  const mission = oneLine((explore?.is_active && explore.short_description.trim()) || description || '');
  let image = profile.profile_image_name ? `${userId}/${profile.profile_image_name}` : null;
  if (!image && explore?.is_active) {
    const grid = (await deps.explore.media(userId)).find((m) => m.display_order === 0);
    if (grid?.media_type === 'image') image = grid.file_path;
  }
  const areas: CardArea[] = (locations?.service_areas ?? []).map((a) => ({
    name: a.name,
    lat: a.latitude,
    lng: a.longitude,
    radius_km: a.radius,
  }));
  const hq = locations?.locations.find((l) => l.isHeadquarters);
  // No service area: where it is based counts as a small area of its own (it works somewhere).
  if (areas.length === 0 && hq)
    areas.push({ name: hq.name, lat: hq.latitude, lng: hq.longitude, radius_km: 5 });
  return {
    user_id: userId,
    registration_number: profile.registration_number,
    display_name: profile.display_name?.trim() || profile.charity_name,
    registered_name: profile.charity_name,
    mission,
    image,
    // The charity's own choice within the register's list once it has chosen, else the register's (21.4).
    causes: causeCodes(profile.causes ?? facts.causes),
    areas,
    income: facts.income,
    last_post_at: latestPosts[0]?.published_at ?? null,
    refreshed_at: deps.clock.now().toISOString(),
  };
}

/** Rebuilds each charity's card (or removes it) from what is stored now: safe to run again, in any order. */
export async function refreshCards(deps: CardDeps, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) {
    const card = await buildCard(deps, userId);
    if (card) await deps.discovery.putCard(card);
    else await deps.discovery.deleteCard(userId);
  }
}

/**
 * The daily rebuild (job `rebuild-discovery-cards`): every live charity's card again (the register's incomes,
 * causes and removals change daily), and the cards of charities no longer live removed (a net under the
 * stream). A charity that fails is logged and left for the stream or tomorrow; the others go on.
 */
export async function rebuildAllCards(
  deps: CardDeps,
  warn: (message: string, extra: Record<string, unknown>) => void,
): Promise<{ charities: number; failed: number }> {
  const [live, cards] = await Promise.all([deps.charities.listLiveIds(), deps.discovery.listCards()]);
  const ids = [...new Set([...live, ...cards.map((c) => c.user_id)])];
  let failed = 0;
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map((id) =>
        refreshCards(deps, [id]).catch((error) => {
          failed++;
          warn('discovery card not rebuilt', { error: (error as Error).name });
        }),
      ),
    );
  }
  return { charities: ids.length, failed };
}
