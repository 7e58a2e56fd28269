/** Preview rules of the explore phone mockup (charity-area spec, "Setup Explore View" and section 9). */
import type { Post } from '@shared/api/schemas/posts';
import { EXPLORE_PREVIEW_ITEMS } from '@shared/explore';
import { EXPLORE_POSTS_LIMIT } from '@shared/posts';
import { type FormMedia, savedMedia } from './explore-form';

export const VIEW_MODES = [
  { id: 'grid', label: 'Grid', explainer: 'grid' },
  { id: 'feed-compact', label: 'Compact feed', explainer: 'feed' },
  { id: 'feed-large', label: 'Large feed', explainer: 'feed' },
] as const;
export type ViewMode = (typeof VIEW_MODES)[number]['id'];
export type ExplainerCard = (typeof VIEW_MODES)[number]['explainer'];

/** How long the matching explainer card stays highlighted after a view change. */
export const VIEW_HIGHLIGHT_MS = 600;
/** Horizontal travel that counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;
/** Posts in the large feed preview. */
export const LARGE_FEED_POSTS = 6;

export function explainerFor(mode: ViewMode): ExplainerCard {
  return VIEW_MODES.find((m) => m.id === mode)?.explainer ?? 'grid';
}

/** The first six feed items and how many more there are (shown as '+N'). */
export function previewItems<T>(feed: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: feed.slice(0, EXPLORE_PREVIEW_ITEMS),
    more: Math.max(0, feed.length - EXPLORE_PREVIEW_ITEMS),
  };
}

/**
 * The slide after a swipe: a drag of at least the threshold to the left shows the next, to the right the
 * previous (wrapping round); anything shorter stays.
 */
export function swipeTarget(index: number, count: number, deltaX: number): number {
  if (count <= 1 || Math.abs(deltaX) < SWIPE_THRESHOLD_PX) return index;
  return deltaX < 0 ? (index + 1) % count : (index - 1 + count) % count;
}

/** Step through slides with the buttons (wrapping round). */
export function stepSlide(index: number, count: number, step: 1 | -1): number {
  if (count <= 0) return 0;
  return (index + step + count) % count;
}

/** A published post of the charity's in the phone preview (decision 20.30): its words and first picture. */
export interface PreviewPost {
  id: string;
  title: string;
  text: string;
  picture: FormMedia | null;
}

/**
 * The charity's published posts as donors' explore views show them (decision 20.30): newest first, as many as
 * the donors' listing carries (`EXPLORE_POSTS_LIMIT`), each with its first picture (an image or a video).
 */
export function previewPosts(posts: readonly Post[], mediaBaseUrl: string): PreviewPost[] {
  return posts
    .filter((p) => p.status === 'published')
    .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
    .slice(0, EXPLORE_POSTS_LIMIT)
    .map((p) => {
      const first = p.media[0];
      return {
        id: p.id,
        title: p.title,
        text: p.text,
        picture: first ? savedMedia(first, mediaBaseUrl) : null,
      };
    });
}

/**
 * The large feed's 'up to 6 posts': the charity's explore card, then its own posts, then sample charities to
 * fill what is left.
 */
export function largeFeedPlan<T>(posts: readonly T[]): { posts: T[]; samples: number } {
  const shown = posts.slice(0, LARGE_FEED_POSTS - 1);
  return { posts: shown, samples: LARGE_FEED_POSTS - 1 - shown.length };
}
