import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226) as Cognito's software-token MFA uses them:
 * HMAC-SHA-1, 6 digits, 30-second steps. The one routine of the repository: the local Cognito layer
 * (`cognito-mfa.ts`) checks codes with it, and the tests compute the codes an authenticator app would show.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps and Cognito's `SecretCode` use). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, padding and spaces ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step of an instant (epoch milliseconds). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** HOTP (RFC 4226) of a raw key at a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows for a base32 secret at an instant (epoch ms). */
export function totpCode(secret: string, nowMs = Date.now(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(nowMs), digits);
}

/**
 * The time step a code matches within the drift window around `nowMs`, or null. Steps at or before
 * `usedUpTo` (the last step accepted for this user) never match: each code is accepted once (RFC 6238 §5.2).
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs = Date.now(),
  usedUpTo = Number.NEGATIVE_INFINITY,
): { step: number } | { refused: 'mismatch' | 'replayed' } {
  if (!/^\d{6}$/.test(code)) return { refused: 'mismatch' };
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return { refused: 'mismatch' };
  }
  const current = totpStep(nowMs);
  let replayed = false;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (!timingSafeEqual(expected, Buffer.from(code))) continue;
    if (step <= usedUpTo) {
      replayed = true;
      continue;
    }
    return { step };
  }
  return { refused: replayed ? 'replayed' : 'mismatch' };
}
