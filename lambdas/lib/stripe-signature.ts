import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance between the signature's time and ours. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureVerdict = 'valid' | 'malformed' | 'stale' | 'mismatch';

/**
 * Checks a webhook's `Stripe-Signature` against the raw body, as Stripe documents: the header holds `t=` and
 * one or more `v1=` (several during a secret rotation; other schemes are ignored); the expected signature is
 * hex(HMAC-SHA256(secret, `${t}.${raw body}`)), compared in constant time; `t` must be within the tolerance.
 * The body must be the exact bytes received (API Gateway's base64 body decoded first), before any parsing.
 */
export function verifyStripeSignature(input: {
  rawBody: Buffer;
  header: string | undefined;
  secret: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): SignatureVerdict {
  if (!input.header || input.header.length > 4096) return 'malformed';
  let t: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of input.header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (t === undefined || signatures.length === 0) return 'malformed';
  const expected = createHmac('sha256', input.secret)
    .update(Buffer.concat([Buffer.from(`${t}.`, 'utf8'), input.rawBody]))
    .digest();
  // Every candidate is compared (no early exit on the first match), each in constant time.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  if (!matched) return 'mismatch';
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  return Math.abs(input.nowSeconds - t) <= tolerance ? 'valid' : 'stale';
}

/** The raw bytes of an API Gateway body (base64-decoded when the gateway marks it so). */
export function rawBodyOf(event: { body?: string | null; isBase64Encoded?: boolean }): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}
