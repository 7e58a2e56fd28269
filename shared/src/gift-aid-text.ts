/**
 * A Gift Aid declaration's text as HMRC's schedule can hold it (issue 42). HMRC's validator deletes every
 * character outside printable ASCII and Latin-1 (`\x20-\x7E`, `\xA1-\xFF`) before it looks at a cell, so a
 * name in Greek or Chinese reaches HMRC blank and the whole claim file is rejected. The giving box and the
 * create-donation route ask {@link giftAidTextProblem} of each field before the donor pays: a letter we can
 * write in Latin letters without losing it (Łukasz → Lukasz, Dvořák → Dvorak) is accepted, and a name or
 * address that would lose letters is refused with plain words. The schedule writes {@link giftAidNameCell}
 * and {@link giftAidAddressCell}, the same clean-up, so what the box accepted is what HMRC reads.
 */

/** What HMRC's validator keeps of a cell (its `removeNonWesternCharacters`). */
const HMRC_KEEPS = /^[\x20-\x7E\xA1-\xFF]$/u;

/**
 * HMRC's UK postcode pattern (`GiftAidValidationService.validatePostcode`), applied to the whole string as
 * Java's `matches()` applies it: no I, J or Z as second letter, a digit and two letters after the space, or
 * `GIR 0AA`.
 */
export const HMRC_POSTCODE =
  /^(?:GIR 0AA|(?:[A-Z][0-9][0-9]?|[A-Z][A-HJ-Y][0-9][0-9]?|[A-Z][0-9][A-Z]|[A-Z][A-HJ-Y][0-9][A-Z]) [0-9][A-Z]{2})$/;

/** Letters Unicode does not decompose into a base letter and a mark, as people write them without it. */
const NO_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Œ: 'OE',
  œ: 'oe',
  ẞ: 'SS',
  ſ: 's',
  ŉ: "'n",
};

/** Punctuation people type for its ASCII twin (curly quotes, dashes). */
const PUNCTUATION: Record<string, string> = {
  '’': "'",
  '‘': "'",
  ʼ: "'",
  '“': '"',
  '”': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '−': '-',
};

const LINE_BREAKS = /\s*(?:\r\n|[\n\r\v\f\u0085\u2028\u2029])+\s*/gu;

interface Cleaned {
  /** The text HMRC will read, unchanged by its validator. */
  text: string;
  /** Letters or digits that could not be written in Latin letters (dropped from `text`). */
  lost: string[];
}

/**
 * The text with every character HMRC keeps, each other letter as its Latin base letter where that loses
 * nothing but the accent, white space of any kind (a non-breaking space too) as a space and runs of space
 * made one; line breaks become `lineBreak` first. Symbols HMRC cannot hold (emoji) are dropped; letters and
 * digits it cannot hold are dropped and listed in `lost`.
 */
function clean(text: string, lineBreak: string): Cleaned {
  const lost: string[] = [];
  const spaced = text
    .normalize('NFC')
    .replace(/^[\s\u200b\ufeff]+|[\s\u200b\ufeff]+$/gu, '')
    .replace(LINE_BREAKS, lineBreak)
    .replace(/[\s\u200b]/gu, ' ');
  const out = Array.from(spaced, (c) => {
    if (HMRC_KEEPS.test(c)) return c;
    const mapped = PUNCTUATION[c] ?? NO_DECOMPOSITION[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
    if (mapped !== c && Array.from(mapped).every((m) => HMRC_KEEPS.test(m))) return mapped;
    if (/[\p{L}\p{N}]/u.test(c)) lost.push(c);
    return '';
  }).join('');
  return { text: out.replace(/ {2,}/g, ' ').replace(/^[ ,]+|[ ,]+$/g, ''), lost };
}

/** A name for HMRC's schedule: hyphens kept in a first name, a space in a last name (HMRC's template asks it). */
export function giftAidNameCell(name: string, which: 'first' | 'last'): string {
  const { text } = clean(name, ' ');
  return (which === 'last' ? text.replace(/-+/g, ' ') : text).replace(/ {2,}/g, ' ').trim();
}

/** A house name or number, or an address outside the UK: a line break becomes ", " before anything is cut. */
export function giftAidAddressCell(text: string): string {
  return clean(text, ', ').text;
}

export const GiftAidTextMessage = {
  FirstName:
    'Gift Aid needs your first name in Latin letters (A to Z, accents are fine), as on your tax record. Please write it that way.',
  LastName:
    'Gift Aid needs your last name in Latin letters (A to Z, accents are fine), as on your tax record. Please write it that way.',
  House:
    'Gift Aid needs your house name or number in Latin letters or digits, as HMRC would write it. Please write it that way.',
  Address:
    'Gift Aid needs your address in Latin letters and digits, as HMRC would write it. Please write it that way.',
} as const;

export type GiftAidTextField = keyof typeof GiftAidTextMessage;

/** True when a cell HMRC reads keeps at least one letter or digit (after HMRC's own character deletion). */
export const hasReadableText = (text: string): boolean =>
  /[A-Za-z0-9\xAA\xB5\xBA\xC0-\xD6\xD8-\xF6\xF8-\xFF]/.test(text);

/**
 * Why HMRC could not read a declaration's field, in plain words for the donor, or null when it can: letters
 * that have no Latin spelling would be lost, or nothing (no letter or digit) would remain.
 */
export function giftAidTextProblem(field: GiftAidTextField, text: string): string | null {
  const { text: kept, lost } = clean(text, field === 'House' || field === 'Address' ? ', ' : ' ');
  if (lost.length > 0 || !hasReadableText(kept)) return GiftAidTextMessage[field];
  return null;
}
