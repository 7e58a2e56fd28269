import type { MediaItem } from '@shared/api/schemas/media';
import { mediaWordsProblem } from '@shared/media';

/**
 * A video's caption file in an editor: the stored one (`path`), or a WebVTT file chosen here (its name and
 * text, checked when chosen and uploaded on save).
 */
export type CaptionFileDraft = { path: string } | { name: string; text: string };

/** The words of an item in an editor (alt text or decorative, caption, a video's caption file), as typed. */
export interface WordsDraft {
  alt: string;
  decorative: boolean;
  caption: string;
  /** Left out: none stored and none chosen; null: the stored one removed. */
  captionFile?: CaptionFileDraft | null;
}

export const EMPTY_WORDS: WordsDraft = { alt: '', decorative: false, caption: '' };

/** A saved item's words; a record saved before words existed starts blank (its alt text is asked for). */
export function storedWords(
  item: Pick<MediaItem, 'alt_text' | 'decorative' | 'caption' | 'caption_file_path'>,
): WordsDraft {
  return {
    alt: item.alt_text ?? '',
    decorative: item.decorative === true,
    caption: item.caption ?? '',
    ...(item.caption_file_path ? { captionFile: { path: item.caption_file_path } } : {}),
  };
}

/** What identifies an item's caption file for change tracking ('' when it has none). */
export function captionFileId(words: Pick<WordsDraft, 'captionFile'>): string {
  const file = words.captionFile;
  if (!file) return '';
  return 'path' in file ? file.path : `new:${file.name}:${file.text.length}`;
}

/** A caption file chosen in the editor and not uploaded yet, or null. */
export const newCaptionFile = (words: WordsDraft) =>
  words.captionFile && 'text' in words.captionFile ? words.captionFile : null;

/**
 * What a save sends about an item's caption file: the uploaded key of a newly chosen one, null when the stored
 * one was removed, nothing when it stays as stored (or there never was one).
 */
export function captionFileRef(
  words: WordsDraft,
  uploadedKey: string | undefined,
): { captionFile?: string | null } {
  if (words.captionFile === null) return { captionFile: null };
  if (!newCaptionFile(words)) return {};
  if (!uploadedKey) throw new Error('Caption file has not been uploaded');
  return { captionFile: uploadedKey };
}

/** What a save sends for an item's words (the server trims and checks them again). */
export function wordsRef(words: WordsDraft): { alt?: string; decorative: boolean; caption: string } {
  return words.decorative
    ? { decorative: true, caption: words.caption }
    : { alt: words.alt, decorative: false, caption: words.caption };
}

/** The problem with an item's words, as the server words it; null when they can be saved. */
export const wordsProblem = (words: WordsDraft) => mediaWordsProblem(words);

/** How many items of a list still need words before a save ("2 items need alt text"); null when none. */
export function wordsBlocker(items: readonly { words: WordsDraft }[]): string | null {
  const count = items.filter((item) => wordsProblem(item.words) !== null).length;
  if (count === 0) return null;
  return count === 1
    ? 'alt text (or the decorative choice) for 1 photo or video'
    : `alt text (or the decorative choice) for ${count} photos or videos`;
}

/** An item's alt attribute in a preview: empty when decorative, the charity's words, else `fallback`. */
export function altOf(words: WordsDraft, fallback: string): string {
  if (words.decorative) return '';
  return words.alt.trim() || fallback;
}
