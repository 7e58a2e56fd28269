/**
 * The explore form's state without React: what is saved, what the charity has changed, what a save sends
 * (charity-area spec, section 4 "Explore editing" and section 5 "Explore").
 */
import type { ExplorePage } from '@shared/api/schemas/explore';
import type { MediaItem, MediaRef } from '@shared/api/schemas/media';
import { EXPLORE_FEED_MAX, exploreComplete } from '@shared/explore';
import { mediaUrl } from '@shared/media';
import {
  captionFileId,
  captionFileRef,
  EMPTY_WORDS,
  storedWords,
  type WordsDraft,
  wordsBlocker,
  wordsRef,
} from '@/lib/media/media-words';

/** An in-form media item (spec, section 3): a stored one (isExisting) or a file chosen in this session. */
export interface FormMedia {
  id: string;
  file: File | null;
  preview: string;
  type: 'image' | 'video';
  isExisting: boolean;
  existingMediaId: string | null;
  /** The stored object's key (existing items only). */
  filePath: string | null;
  /** Alt text or decorative, and caption. */
  words: WordsDraft;
}

export interface ExploreDraft {
  shortDescription: string;
  longDescription: string;
  grid: FormMedia | null;
  feed: FormMedia[];
}

let counter = 0;
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A stored media item (the explore page's, or a post's) as the form and the preview show it. */
export const savedMedia = (item: MediaItem, mediaBaseUrl: string): FormMedia => ({
  id: `saved-${item.id}`,
  file: null,
  preview: mediaUrl(mediaBaseUrl, item.file_path),
  type: item.media_type,
  isExisting: true,
  existingMediaId: item.id,
  filePath: item.file_path,
  words: storedWords(item),
});

/** The form's starting point: the saved page, with media read from the media store. */
export function draftFromPage(page: ExplorePage, mediaBaseUrl: string): ExploreDraft {
  const existing = (item: MediaItem) => savedMedia(item, mediaBaseUrl);
  return {
    shortDescription: page.short_description,
    longDescription: page.long_description,
    grid: page.grid ? existing(page.grid) : null,
    feed: [...page.feed].sort((a, b) => a.display_order - b.display_order).map(existing),
  };
}

/** A chosen file as a form item; `preview` is an object URL the caller revokes when the item goes. */
export function mediaFromFile(file: File, preview: string): FormMedia {
  return {
    id: localId('new'),
    file,
    preview,
    type: file.type.startsWith('video/') ? 'video' : 'image',
    isExisting: false,
    existingMediaId: null,
    filePath: null,
    words: EMPTY_WORDS,
  };
}

export { fileProblem } from '@/lib/media-upload';

/** Feed slots still free. */
export function remainingFeedSlots(feed: readonly FormMedia[]): number {
  return Math.max(0, EXPLORE_FEED_MAX - feed.length);
}

/** Adds chosen files to the feed; files beyond the remaining slots are dropped silently (spec, section 5). */
export function addToFeed<T>(feed: readonly T[], added: readonly T[]): T[] {
  return [...feed, ...added.slice(0, Math.max(0, EXPLORE_FEED_MAX - feed.length))];
}

export { moveItem } from '@/lib/media/order';

export interface Changes {
  text: boolean;
  /** A new grid file was chosen (or the saved one is gone). */
  grid: boolean;
  /** Feed items not saved yet. */
  newFeed: number;
  /** Saved feed items left out of the draft. */
  removedFeed: number;
  /** The saved feed items kept are in another order. */
  reordered: boolean;
  /** A kept item's words were edited. */
  words: boolean;
  any: boolean;
}

/** What differs between the draft and the saved page (spec: text, a new grid file, unsaved or moved feed items). */
export function changesOf(saved: ExploreDraft, draft: ExploreDraft): Changes {
  const text =
    draft.shortDescription !== saved.shortDescription || draft.longDescription !== saved.longDescription;
  const grid =
    (draft.grid !== null && !draft.grid.isExisting) ||
    (draft.grid?.existingMediaId ?? null) !== (saved.grid?.existingMediaId ?? null);
  const newFeed = draft.feed.filter((item) => !item.isExisting).length;
  const keptIds = draft.feed.filter((item) => item.isExisting).map((item) => item.existingMediaId);
  const savedIds = saved.feed.map((item) => item.existingMediaId);
  const removedFeed = savedIds.filter((id) => !keptIds.includes(id)).length;
  const stillSaved = savedIds.filter((id) => keptIds.includes(id));
  const reordered = stillSaved.some((id, index) => keptIds[index] !== id);
  const savedWords = new Map(
    [saved.grid, ...saved.feed].flatMap((item) => (item ? [[item.existingMediaId, item.words]] : [])),
  );
  const words = [draft.grid, ...draft.feed].some((item) => {
    const before = item?.isExisting ? savedWords.get(item.existingMediaId) : undefined;
    const now = item?.words;
    return (
      before !== undefined &&
      now !== undefined &&
      (before.alt !== now.alt ||
        before.decorative !== now.decorative ||
        before.caption !== now.caption ||
        captionFileId(before) !== captionFileId(now))
    );
  });
  return {
    text,
    grid,
    newFeed,
    removedFeed,
    reordered,
    words,
    any: text || grid || newFeed > 0 || removedFeed > 0 || reordered || words,
  };
}

/**
 * Why Save is unavailable, or null when the draft can be saved. The spec disables Save with no media at all or
 * a blank description; grid and feed media are each required too (section 5), and the server refuses a save
 * without either, so Save waits for both rather than uploading files for a save that must fail.
 */
export function saveBlocker(draft: ExploreDraft): string | null {
  const missing: string[] = [];
  if (!draft.grid) missing.push('a grid image or video');
  if (draft.feed.length === 0) missing.push('at least one feed image or video');
  if (draft.shortDescription.trim() === '') missing.push('a short description');
  if (draft.longDescription.trim() === '') missing.push('a detailed description');
  const words = wordsBlocker(draft.grid ? [draft.grid, ...draft.feed] : draft.feed);
  if (words) missing.push(words);
  if (missing.length === 0) return null;
  return `To save, add ${joinList(missing)}.`;
}

/** What the saved page still lacks before it can be activated (empty when complete). */
export function activationGaps(page: ExplorePage): string[] {
  const gaps: string[] = [];
  if (page.short_description.trim() === '') gaps.push('a short description');
  if (page.long_description.trim() === '') gaps.push('a detailed description');
  if (!page.grid) gaps.push('a grid image or video');
  if (page.feed.length === 0) gaps.push('at least one feed image or video');
  return gaps;
}

export function pageComplete(page: ExplorePage): boolean {
  return exploreComplete({
    short_description: page.short_description,
    long_description: page.long_description,
    hasGrid: page.grid !== null,
    feedCount: page.feed.length,
  });
}

/** "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Feed items to upload before saving, with the 1-based position each has in the feed being saved. */
export function pendingUploads(draft: ExploreDraft): { item: FormMedia; position: number }[] {
  return draft.feed.flatMap((item, index) => (item.isExisting ? [] : [{ item, position: index + 1 }]));
}

/** The save request's media: uploaded keys for new files, media ids for kept ones, in display order. */
export function saveMediaRefs(
  draft: ExploreDraft,
  uploadedKeys: ReadonlyMap<string, string>,
  captionFileKeys: ReadonlyMap<string, string> = new Map(),
): { grid: MediaRef | null; feed: MediaRef[] } {
  const ref = (item: FormMedia): MediaRef => {
    const words = { ...wordsRef(item.words), ...captionFileRef(item.words, captionFileKeys.get(item.id)) };
    if (item.isExisting && item.existingMediaId) return { mediaId: item.existingMediaId, ...words };
    const key = uploadedKeys.get(item.id);
    if (!key) throw new Error(`No upload for ${item.id}`);
    return { key, ...words };
  };
  return { grid: draft.grid ? ref(draft.grid) : null, feed: draft.feed.map(ref) };
}

/** The grid file a save replaces (to clean up afterwards), or null when the grid stays. */
export function replacedGridPath(saved: ExploreDraft, draft: ExploreDraft): string | null {
  if (!saved.grid?.filePath) return null;
  if (draft.grid?.isExisting && draft.grid.existingMediaId === saved.grid.existingMediaId) return null;
  return saved.grid.filePath;
}

/** Overall upload progress from the finished file count and the current file's fraction. */
export function overallProgress(done: number, current: number, total: number): number {
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (done + Math.min(1, Math.max(0, current))) / total));
}
