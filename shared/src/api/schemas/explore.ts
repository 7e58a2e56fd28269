import * as z from 'zod';
import { EXPLORE_FEED_MAX, EXPLORE_LONG_MAX, EXPLORE_SHORT_MAX, ExploreMessage } from '../../explore';
import { MediaItem, MediaRef } from './media';
import { PublicPost } from './posts';

export const ExplorePage = z.object({
  id: z.string(),
  charity_id: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  is_active: z.boolean(),
  grid_media_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** display_order 0. */
  grid: MediaItem.nullable(),
  /** display_order 1 and up, in order. */
  feed: z.array(MediaItem),
});
export type ExplorePage = z.infer<typeof ExplorePage>;

export const ExplorePageResponse = z.object({ success: z.literal(true), explore: ExplorePage });
export type ExplorePageResponse = z.infer<typeof ExplorePageResponse>;

export const SaveExplorePageRequest = z
  .object({
    short_description: z
      .string({ error: ExploreMessage.ShortRequired })
      .trim()
      .min(1, { error: ExploreMessage.ShortRequired })
      .max(EXPLORE_SHORT_MAX, { error: ExploreMessage.ShortTooLong }),
    long_description: z
      .string({ error: ExploreMessage.LongRequired })
      .trim()
      .min(1, { error: ExploreMessage.LongRequired })
      .max(EXPLORE_LONG_MAX, { error: ExploreMessage.LongTooLong }),
    grid: MediaRef.nullable().optional(),
    feed: z.array(MediaRef, { error: ExploreMessage.FeedRequired }).max(EXPLORE_FEED_MAX, {
      error: ExploreMessage.FeedTooMany,
    }),
  })
  .strict();
export type SaveExplorePageRequest = z.infer<typeof SaveExplorePageRequest>;

export const SetExploreActiveRequest = z
  .object({ active: z.boolean({ error: 'active must be true or false' }) })
  .strict();
export type SetExploreActiveRequest = z.infer<typeof SetExploreActiveRequest>;

export const CleanupGridMediaRequest = z
  .object({
    explorePageId: z.string({ error: 'explorePageId is required' }).min(1).max(64),
    oldFilePath: z.string({ error: 'oldFilePath is required' }).min(1).max(512),
  })
  .strict();
export type CleanupGridMediaRequest = z.infer<typeof CleanupGridMediaRequest>;

/** What donors see of an active explore page. */
export const PublicExplorePage = z.object({
  charity_id: z.string(),
  /** The name the charity chose to show (display name, else its registered name). */
  name: z.string(),
  /** Beside it, always: the name and number the Charity Commission register holds. */
  charity_name: z.string(),
  registration_number: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  grid: MediaItem.nullable(),
  feed: z.array(MediaItem),
  /**
   * Its newest published posts (issue 44, decision 20.30), newest first, at most `EXPLORE_POSTS_LIMIT`: only while
   * the stage's `updates.open` switch is on and donors may see the charity (the public page's trust rule); else empty.
   */
  posts: z.array(PublicPost),
  updated_at: z.string(),
});
export const ListExplorePagesRequest = z.object({}).strict();
export const ListExplorePagesResponse = z.object({
  success: z.literal(true),
  pages: z.array(PublicExplorePage),
});
export type ListExplorePagesResponse = z.infer<typeof ListExplorePagesResponse>;
