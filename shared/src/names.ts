/**
 * Names donors read (display names, page names): stored NFC-normalised, and refused when they hold characters
 * that make one text look like another: bidi controls (U+202A-202E, U+2066-2069), zero-width and direction
 * marks (U+200B-200F, U+2060, U+FEFF) and control characters (C0, DEL, C1).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is refused
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** The form a name is checked and stored in: NFC, trimmed. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim();
}

/** True when the name holds a hidden, direction-changing or control character. */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN.test(value);
}
