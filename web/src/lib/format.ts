export const NOT_AVAILABLE = 'Not available';

/** 'Member Since': the account's creation as a local en-GB date (21 November 2026); 'Not available' if unknown. */
export function formatMemberSince(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return NOT_AVAILABLE;
  return longDate(iso, timeZone) ?? NOT_AVAILABLE;
}

/** A date in en-GB words (21 November 2026), local or in `timeZone`; null when the text is not a date. */
export function longDate(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** A moment in en-GB words with its time (21 November 2026 at 14:05), local or in `timeZone`. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** A text field for Charity Information: trimmed, or 'Not available' when missing or blank. */
export function orNotAvailable(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : NOT_AVAILABLE;
}

/** Whole pounds, en-GB (£12,480). */
export function formatPounds(amount: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A count with thousands separators (2,847). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-GB').format(value);
}

/** Up to two initials of a charity's name, for the avatar when there is no profile image. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word && !/^(the|of|and|for|a)$/i.test(word));
  const letters = words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** A bar's length in percent of the largest value (at least 4% so a small bar stays visible). */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(4, Math.round((value / max) * 100));
}
