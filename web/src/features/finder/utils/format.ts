/** Display formatting for the finder (public-site spec, section 9): GBP with no decimals, en-GB dates, "Not available". */

/** Shown when a figure or field is missing. */
export const NOT_AVAILABLE = 'Not available';
/** Shown when a charity has no address line. */
export const ADDRESS_NOT_AVAILABLE = 'Address not available';

const money = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** £48,250 for 48250; "Not available" for null, undefined or a non-finite number. */
export function formatMoney(value: number | null | undefined): string {
  return isFiniteNumber(value) ? money.format(value) : NOT_AVAILABLE;
}

/** A head count such as employees or volunteers: 1,204; "Not available" when missing. */
export function formatCount(value: number | null | undefined): string {
  return isFiniteNumber(value) ? count.format(value) : NOT_AVAILABLE;
}

/** Parses a YYYY-MM-DD calendar date (time ignored); null when it is not a real date. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2024-02-30 and the like, which Date would roll over.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date;
}

/** 10 January 2004 for 2004-01-10 (en-GB, no time-zone shift); "Not available" when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? longDate.format(date) : NOT_AVAILABLE;
}

/** The text itself, or "Not available" when it is missing or blank. */
export function formatText(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : NOT_AVAILABLE;
}

/** The address lines to show, in order, blanks dropped; an empty list means "Address not available". */
export function addressLines(
  address:
    | {
        line1: string;
        line2: string | null;
        line3: string | null;
        line4: string | null;
        line5: string | null;
        postcode: string | null;
      }
    | null
    | undefined,
): string[] {
  if (!address?.line1?.trim()) return [];
  return [address.line1, address.line2, address.line3, address.line4, address.line5, address.postcode]
    .map((line) => line?.trim() ?? '')
    .filter((line) => line.length > 0);
}

/**
 * A safe link target for a website from the register, which often omits the scheme ("www.example.org").
 * Only http and https are allowed; anything else (javascript:, mailto:, junk) gives null.
 */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The website as a reader would say it: no scheme, no trailing slash. */
export function websiteLabel(href: string): string {
  return href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** A tel: link target: digits and a leading +, or null when there is no number in it. */
export function phoneHref(value: string | null | undefined): string | null {
  const digits = value?.replace(/[^\d+]/g, '') ?? '';
  return /\d{5,}/.test(digits) ? `tel:${digits}` : null;
}

/** A mailto: link target for an address-shaped value, or null. */
export function emailHref(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? `mailto:${text}` : null;
}

/** "1 charity found", "36 charities found", "No charities found". */
export function charitiesFound(total: number): string {
  if (total === 0) return 'No charities found';
  return `${count.format(total)} ${total === 1 ? 'charity' : 'charities'} found`;
}
