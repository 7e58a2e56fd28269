import type { MediaItem } from '@shared/api/schemas/media';
import { mediaWordsProblem } from '@shared/media';

/** The words of an item in an editor (alt text or decorative, caption), as typed. */
export interface WordsDraft {
  alt: string;
  decorative: boolean;
  caption: string;
}

export const EMPTY_WORDS: WordsDraft = { alt: '', decorative: false, caption: '' };

/** A saved item's words; a record saved before words existed starts blank (its alt text is asked for). */
export function storedWords(item: Pick<MediaItem, 'alt_text' | 'decorative' | 'caption'>): WordsDraft {
  return { alt: item.alt_text ?? '', decorative: item.decorative === true, caption: item.caption ?? '' };
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
