/** Explore page (charity-area spec, "Setup Explore View" and sections 4, 5, 9). */
export const EXPLORE_SHORT_MAX = 50;
export const EXPLORE_LONG_MAX = 1000;
export const EXPLORE_FEED_MAX = 20;
/** The preview shows the first six feed items, then "+N". */
export const EXPLORE_PREVIEW_ITEMS = 6;

export const ExploreMessage = {
  MediaNotFound: 'A media item to keep was not found. Please reload and try again.',
  ShortRequired: 'Please enter a short description',
  ShortTooLong: `Short description must be ${EXPLORE_SHORT_MAX} characters or less`,
  LongRequired: 'Please enter a detailed description',
  LongTooLong: `Detailed description must be ${EXPLORE_LONG_MAX} characters or less`,
  GridRequired: 'Please add a grid image or video',
  FeedRequired: 'Please add at least one feed image or video',
  FeedTooMany: `You can add up to ${EXPLORE_FEED_MAX} feed items`,
  NotReadyToActivate:
    'Add a short description, a detailed description and your media, and save them, before activating your explore page.',
  NotFound: 'Explore page not found',
  CleanupPathRefused: 'This file is not a replaced grid file of your explore page.',
  ChangedMeanwhile: 'Your explore page was changed in another window. Please reload and try again.',
} as const;

/** Whether explore content is complete: both texts non-blank, a grid item and at least one feed item. */
export function exploreComplete(e: {
  short_description: string;
  long_description: string;
  hasGrid: boolean;
  feedCount: number;
}): boolean {
  return (
    e.short_description.trim() !== '' && e.long_description.trim() !== '' && e.hasGrid && e.feedCount > 0
  );
}
