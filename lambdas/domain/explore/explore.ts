import { ErrorCode } from '@shared/api/error-codes';
import type {
  CleanupGridMediaRequest,
  ExplorePage,
  ExplorePageResponse,
  ListExplorePagesResponse,
  SaveExplorePageRequest,
} from '@shared/api/schemas/explore';
import type { MediaRef } from '@shared/api/schemas/media';
import { ExploreMessage, exploreComplete } from '@shared/explore';
import { EXPLORE_POSTS_LIMIT } from '@shared/posts';
import { VettingMessage } from '@shared/verification';
import { type CharityData, isVetted } from '../../data/charities';
import {
  ExploreChangedError,
  type ExploreData,
  type ExploreMediaRecord,
  type ExploreRecord,
} from '../../data/explore';
import type { PostData } from '../../data/posts';
import type { UploadData } from '../../data/uploads';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { checkAppearsOnce, planMediaList, saveMediaList } from '../media/media-list';
import { deleteFilesQuietly, type UploadDeps } from '../media/uploads';
import { publiclyVisible, toPublicPost } from '../public-pages/public-pages';

export interface ExploreDeps extends UploadDeps {
  explore: ExploreData;
  charities: CharityData;
  uploads: UploadData;
  warn: (message: string, extra: Record<string, unknown>) => void;
}

/** Active pages shown to donors per request. */
export const PUBLIC_EXPLORE_LIMIT = 50;
const RETRIES = 5;

function toApi(record: ExploreRecord, media: ExploreMediaRecord[]): ExplorePage {
  const sorted = [...media].sort((a, b) => a.display_order - b.display_order);
  return {
    id: record.id,
    charity_id: record.charity_id,
    short_description: record.short_description,
    long_description: record.long_description,
    is_active: record.is_active,
    grid_media_id: record.grid_media_id,
    created_at: record.created_at,
    updated_at: record.updated_at,
    grid: sorted.find((m) => m.display_order === 0) ?? null,
    feed: sorted.filter((m) => m.display_order > 0),
  };
}

/** The caller's explore page, created empty and inactive on first use. */
export async function getExplorePage(
  deps: Pick<ExploreDeps, 'explore' | 'clock'>,
  userId: string,
): Promise<ExplorePageResponse> {
  const record = await deps.explore.getOrCreate(userId, deps.clock.now());
  return { success: true, explore: toApi(record, await deps.explore.media(userId)) };
}

/**
 * Saves descriptions, the grid item and the feed (kept items by id, new uploads by key) in one transaction.
 * Activation is unchanged. Files no longer used (a replaced grid file, dropped feed items) are deleted after
 * the save; a failed delete is logged and never loses the new content.
 */
export async function saveExplorePage(
  deps: ExploreDeps,
  userId: string,
  input: SaveExplorePageRequest,
): Promise<ExplorePageResponse> {
  if (!input.grid) throw new ValidationError(ExploreMessage.GridRequired, 'grid');
  if (input.feed.length === 0) throw new ValidationError(ExploreMessage.FeedRequired, 'feed');
  const refs: MediaRef[] = [input.grid, ...input.feed];
  checkAppearsOnce(refs, 'feed');

  const record = await deps.explore.getOrCreate(userId, deps.clock.now());
  const fieldOf = (i: number) => (i === 0 ? 'grid' : `feed.${i - 1}`);
  const plan = planMediaList<ExploreMediaRecord>({
    refs,
    before: await deps.explore.media(userId),
    firstOrder: 0,
    owner: { explore_page_id: record.id },
    upload: (i) => ({
      expect: { purpose: i === 0 ? 'explore-grid' : 'explore-feed', explorePageId: record.id },
      field: fieldOf(i),
    }),
    // The grid keeps only the grid item; the feed only feed items.
    mayKeep: (kept, i) => (i === 0) === (kept.display_order === 0),
    notKept: (i) => new ValidationError(ExploreMessage.MediaNotFound, fieldOf(i)),
    field: fieldOf,
  });
  const next: ExploreRecord = {
    ...record,
    short_description: input.short_description,
    long_description: input.long_description,
    grid_media_id: '',
    complete: exploreComplete({
      short_description: input.short_description,
      long_description: input.long_description,
      hasGrid: true,
      feedCount: input.feed.length,
    }),
    updated_at: deps.clock.now().toISOString(),
  };
  const previousMaxOrder = plan.before.reduce((max, m) => Math.max(max, m.display_order), 0);
  const media = await saveMediaList(deps, userId, plan, async (media, consume) => {
    next.grid_media_id = (media[0] as ExploreMediaRecord).id;
    try {
      await deps.explore.save({ userId, record: next, previousMediaCount: previousMaxOrder, media, consume });
    } catch (error) {
      if (error instanceof ExploreChangedError)
        throw new ConflictError(ExploreMessage.ChangedMeanwhile, {
          code: ErrorCode.ExploreChanged,
        });
      throw error;
    }
  });
  return { success: true, explore: toApi({ ...next, version: next.version + 1 }, media) };
}

/** Activates (only with complete saved content) or deactivates the explore page. */
export async function setExploreActive(
  deps: Pick<ExploreDeps, 'explore' | 'charities' | 'clock'>,
  userId: string,
  active: boolean,
): Promise<ExplorePageResponse> {
  await deps.explore.getOrCreate(userId, deps.clock.now());
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const record = await deps.explore.setActive(userId, active, deps.clock.now());
    if (record) return { success: true, explore: toApi(record, await deps.explore.media(userId)) };
    const [current, flags] = await Promise.all([
      deps.explore.get(userId),
      deps.charities.getVerification(userId),
    ]);
    if (!current || !flags) throw new NotFoundError(ExploreMessage.NotFound);
    if (active && !isVetted(flags))
      throw new AppError({ statusCode: 403, code: ErrorCode.NotVerified, message: VettingMessage.Explore });
    if (active && !current.complete)
      throw new ConflictError(ExploreMessage.NotReadyToActivate, { code: ErrorCode.ExploreIncomplete });
  }
  throw new ConflictError(ExploreMessage.ChangedMeanwhile, {
    code: ErrorCode.ExploreChanged,
  });
}

/**
 * cleanup-grid-media: deletes a replaced grid file of the caller's own explore page. Only a grid file of that
 * page which is not its current grid item; deleting an already deleted file succeeds.
 */
export async function cleanupGridMedia(
  deps: Pick<ExploreDeps, 'explore' | 'media' | 'warn'>,
  userId: string,
  input: CleanupGridMediaRequest,
): Promise<{ success: true }> {
  const record = await deps.explore.get(userId);
  if (!record || record.id !== input.explorePageId) throw new NotFoundError(ExploreMessage.NotFound);
  const prefix = `${userId}/explore/${record.id}/grid_`;
  const name = input.oldFilePath.slice(prefix.length);
  if (!input.oldFilePath.startsWith(prefix) || !/^[\w.-]+$/.test(name) || name.includes('..'))
    throw new ValidationError(ExploreMessage.CleanupPathRefused, 'oldFilePath');
  const current = (await deps.explore.media(userId)).find((m) => m.display_order === 0);
  // Nor the current grid item's caption file (stored under the same `grid_` prefix).
  if (current?.file_path === input.oldFilePath || current?.caption_file_path === input.oldFilePath)
    throw new ValidationError(ExploreMessage.CleanupPathRefused, 'oldFilePath');
  await deleteFilesQuietly(deps.media, [input.oldFilePath], deps.warn);
  return { success: true };
}

/** The donors' explore listing: the explore pages, and the charities' published posts behind `updates.open`. */
export type ExploreListDeps = Pick<ExploreDeps, 'explore' | 'charities'> & {
  posts: Pick<PostData, 'listPublished'>;
  updatesOpen: boolean;
};

/**
 * Active explore pages for donors, newest first, with the name donors see and the registered name and number
 * beside it. Activation already requires a vetted charity; the listing checks again, so a page of an account
 * locked or unverified since (or written before the rule) is never shown.
 */
export async function listExplorePages(deps: ExploreListDeps): Promise<ListExplorePagesResponse> {
  const active = await deps.explore.listActive(PUBLIC_EXPLORE_LIMIT);
  const pages = await Promise.all(
    active.map(async (record) => {
      const [media, profile, flags] = await Promise.all([
        deps.explore.media(record.charity_id),
        deps.charities.getProfile(record.charity_id),
        deps.charities.getVerification(record.charity_id),
      ]);
      if (!profile || !isVetted(flags)) return null;
      const page = toApi(record, media);
      const displayName = profile.display_name?.trim() || profile.charity_name;
      // Posts go only where the public page shows them: open stage, charity visible (live, vetted, live page).
      const posts =
        deps.updatesOpen && publiclyVisible(profile, flags)
          ? await deps.posts.listPublished(record.charity_id, EXPLORE_POSTS_LIMIT)
          : [];
      return {
        charity_id: record.charity_id,
        name: profile.display_name ?? profile.charity_name,
        charity_name: profile.charity_name,
        registration_number: profile.registration_number,
        short_description: page.short_description,
        long_description: page.long_description,
        grid: page.grid,
        feed: page.feed,
        posts: posts.map((post) => toPublicPost(post, displayName)),
        updated_at: page.updated_at,
      };
    }),
  );
  return { success: true, pages: pages.filter((p) => p !== null) };
}
