import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { MiddlewareObj } from '@middy/core';
import { ErrorCode, ErrorMessage } from '@shared/api/error-codes';
import { digest, ORIGIN_DIGESTS_ENV, type OriginDigests } from './origin-digests';

export {
  MIN_ORIGIN_SECRET_LENGTH,
  ORIGIN_DIGESTS_ENV,
  ORIGIN_SECRET_ENV,
  type OriginDigests,
  originDigests,
} from './origin-digests';

import { AppError, ForbiddenError } from './http-errors';

/**
 * The edge: the API is meant to be reached only through the site's CloudFront distribution, which adds a
 * secret header to every request it sends to the `/api/*` origin (the web stack; locally the origin on
 * :3000). A function whose environment holds the digests of the accepted values ({@link ORIGIN_DIGESTS_ENV})
 * refuses any request without one of them with 403, so calls straight to the execute-api endpoint get
 * nowhere. The functions hold only SHA-256 digests, never the secret itself: no dynamic reference per
 * function (CloudFormation allows 60 per template), and a leaked environment does not open the API.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The viewer's address and source port, added by CloudFront (its origin request policy forwards it). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The part of an API Gateway payload v2 event the edge reads. */
export interface EdgeEvent {
  headers?: Record<string, string | undefined> | null;
  requestContext?: { http?: { sourceIp?: string } };
}

function header(event: EdgeEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

/**
 * The configured digests, or undefined when the check is off. A value that is set but holds no well-formed
 * digest accepts nothing (every request is refused), never everything.
 */
export function originSecretFromEnv(env: NodeJS.ProcessEnv = process.env): OriginDigests | undefined {
  const value = env[ORIGIN_DIGESTS_ENV];
  if (value === undefined || value === '') return undefined;
  return value
    .split(',')
    .map((d) => d.trim())
    .filter((d) => /^[0-9a-f]{64}$/.test(d))
    .map((d) => Buffer.from(d, 'hex'));
}

/** Whether the request carries one of the accepted values (each digest compared in constant time). */
export function hasOriginSecret(event: EdgeEvent, digests: OriginDigests): boolean {
  const presented = header(event, ORIGIN_VERIFY_HEADER);
  if (presented === undefined) return false;
  const wanted = digest(presented);
  let found = false;
  for (const accepted of digests) {
    // Every value is compared (no early return), so the time does not say which one matched.
    if (timingSafeEqual(wanted, accepted)) found = true;
  }
  return found;
}

/** Throws 403 when the check is on and the request did not come through the edge. */
export function assertThroughEdge(event: EdgeEvent, secret: OriginDigests | undefined): void {
  if (secret !== undefined && !hasOriginSecret(event, secret)) throw new ForbiddenError();
}

/** The address in a `CloudFront-Viewer-Address` value (`198.51.100.10:46532`, `2001:db8::1:46532`), or undefined. */
export function parseViewerAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const cut = trimmed.lastIndexOf(':');
  if (cut <= 0) return undefined;
  const address = trimmed.slice(0, cut).replace(/^\[(.*)\]$/, '$1');
  return isIP(address) ? address : undefined;
}

/**
 * The caller's address: CloudFront's `CloudFront-Viewer-Address` when the request proved it came through
 * CloudFront (`throughEdge`) and the header is there, API Gateway's `sourceIp` otherwise. A client can send
 * the header itself, so it is believed only behind the origin secret.
 */
export function clientAddress(event: EdgeEvent, throughEdge: boolean): string | undefined {
  const viewer = throughEdge ? parseViewerAddress(header(event, VIEWER_ADDRESS_HEADER)) : undefined;
  return viewer ?? event.requestContext?.http?.sourceIp;
}

/** The eight 16-bit groups of an IPv6 address (embedded IPv4 included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] as string;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const octets = (v4[1] as string).split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...new Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/**
 * The key per-address rate limits count under: an IPv4 address as it is, an IPv6 address by its /64
 * (`2001:db8:1:2::/64`: one household or phone network usually holds a whole /64, so keying on the full
 * address would give each client endless fresh keys); an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function rateLimitKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const kind = isIP(address.split('%')[0] as string);
  if (kind === 4) return address;
  if (kind !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The rate-limit key of the caller of a request that passed {@link assertThroughEdge} with `secret`. */
export function callerKey(event: EdgeEvent, secret: OriginDigests | undefined): string | undefined {
  return rateLimitKey(clientAddress(event, secret !== undefined && hasOriginSecret(event, secret)));
}

/** The site's own origin (`https://example.org`) from `SITE_URL`, or undefined when the function has none. */
export function siteOriginFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    return env.SITE_URL ? new URL(env.SITE_URL).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Methods that change nothing: any site may send them (the browser keeps the answer from it without CORS). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Only our own pages may change anything: a state-changing request whose browser names its page's origin
 * (`Origin`) must name the site's, else 403. Browsers send `Origin` on every cross-site POST, PUT, PATCH and
 * DELETE, so another website cannot make its visitors register, reset or sign up from their own addresses;
 * a request with no `Origin` (curl, a server) is not a browser acting for someone else.
 */
export function assertSameOrigin(
  event: EdgeEvent & { requestContext?: { http?: { method?: string } } },
  site: string | undefined,
): void {
  if (site === undefined) return;
  const method = (event.requestContext?.http?.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return;
  const origin = header(event, 'origin');
  if (origin !== undefined && origin !== site) {
    throw new AppError({ statusCode: 403, code: ErrorCode.CrossOrigin, message: ErrorMessage.CrossOrigin });
  }
}

/** Middy middleware, first in the pipeline (before auth and input): the origin secret, then the caller's page. */
export const edgeCheck = <E extends EdgeEvent, R>(
  secret: OriginDigests | undefined,
  site?: string,
): MiddlewareObj<E, R> => ({
  before: (request) => {
    assertThroughEdge(request.event, secret);
    assertSameOrigin(request.event, site);
  },
});
