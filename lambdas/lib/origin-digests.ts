import { createHash } from 'node:crypto';

/**
 * The origin secret's digests (lambdas/lib/edge.ts): what the route functions hold instead of the secret.
 * No imports beyond Node's, so the local cloud's settings and the deploy-time resource use it as it is.
 */

/**
 * Environment variable of the functions: the hex SHA-256 digests of the accepted header values, current first,
 * comma-separated ({@link originDigests}). Without it the check is off (a function not behind the edge).
 */
export const ORIGIN_DIGESTS_ENV = 'ORIGIN_VERIFY_DIGESTS';
/**
 * The header value itself, known to the sender only: the local cloud's test kit (the local origin sends it;
 * in AWS the distribution sends it from Secrets Manager). No function reads it.
 */
export const ORIGIN_SECRET_ENV = 'ORIGIN_VERIFY_SECRET';
/**
 * Shortest value taken as a secret. The first value of the "previous" field is a short placeholder (there is
 * no previous secret before the first rotation), and it must never be accepted.
 */
export const MIN_ORIGIN_SECRET_LENGTH = 32;
/** The digests of the values a request may carry: the current one, then the previous one during a rotation. */
export type OriginDigests = readonly Buffer[];

export const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The {@link ORIGIN_DIGESTS_ENV} value for the origin secret's two values (`current`, and `previous` during a
 * rotation): the previous one only when it is a real secret (long enough, not the current one). Used by the
 * deploy (the API stack's digest resource) and by the local cloud alike.
 */
export function originDigests(value: { readonly current: string; readonly previous?: string }): string {
  if (value.current.length < MIN_ORIGIN_SECRET_LENGTH)
    throw new Error(`the origin secret must be at least ${MIN_ORIGIN_SECRET_LENGTH} characters long`);
  const { current, previous } = value;
  const accepted =
    previous && previous.length >= MIN_ORIGIN_SECRET_LENGTH && previous !== current
      ? [current, previous]
      : [current];
  return accepted.map((v) => digest(v).toString('hex')).join(',');
}
