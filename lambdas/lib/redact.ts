/**
 * Text from outside (an address, a browser's error report) as it may be shown or logged: enough to recognise,
 * never a channel for secrets or for text an attacker wants repeated.
 */

/**
 * A sign-in address as the register's inbox may see it: enough for the charity to recognise a colleague's
 * address, not a channel for whatever text an attacker puts in one (`a••••@e••••.org`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '••••';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const dots = (s: string) => '•'.repeat(Math.min(Math.max(s.length - 1, 2), 8));
  return `${local[0]}${dots(local)}@${host[0] ?? ''}${dots(host)}${tld.replace(/[^.a-z]/gi, '')}`;
}

/** Longest text of one field kept in a log line. */
export const LOGGED_TEXT_MAX = 300;

const EMAIL = /[^\s@<>()"',;:]{1,64}@[^\s@<>()"',;:]{1,255}/g;
/** A JWT, or a run of 20+ token characters with a digit in it (keys, session ids, reset tokens, ids). */
const TOKEN = /\beyJ[\w-]*\.[\w-]*\.?[\w-]*|[A-Za-z0-9_-]{20,}/g;
/** Six or more digits: a verification code, a phone or card number. */
const DIGITS = /\d[\d\s-]{4,}\d/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A browser's error text as it may be logged: bounded first ({@link LOGGED_TEXT_MAX}, before any pattern reads
 * it), control characters and line breaks flattened (no forged log lines), email addresses masked, tokens and
 * long numbers (codes) replaced.
 */
export function maskLogText(text: string): string {
  const bounded = text.length > LOGGED_TEXT_MAX ? `${text.slice(0, LOGGED_TEXT_MAX)}…` : text;
  return bounded
    .replace(CONTROL, ' ')
    .replace(EMAIL, (email) => maskEmail(email))
    .replace(TOKEN, (run) => (run.startsWith('eyJ') || /\d/.test(run) ? '[token]' : run))
    .replace(DIGITS, (run) => (run.replace(/\D/g, '').length >= 6 ? '[number]' : run));
}
