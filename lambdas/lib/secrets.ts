import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { VERIFICATION_CODE_LENGTH } from '@shared/verification';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };

/** A uniformly random 6-digit code (leading zeros kept). */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * Hashes a short code with scrypt and a random salt: a leaked table does not give the codes away cheaply
 * (a million candidates cost hours of scrypt per code), and the online tries are capped anyway.
 */
export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(code, salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(code, Buffer.from(salt, 'base64'), expected.length, SCRYPT);
  return timingSafeEqual(actual, expected);
}

/** A reset token: 256 random bits, URL-safe. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens of 256 random bits need no slow hash: SHA-256 is enough to keep them out of the table. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A donation id: 128 random bits, URL-safe; the donor's only key to their thank-you page. */
export function newDonationId(): string {
  return `don_${randomBytes(16).toString('base64url')}`;
}
