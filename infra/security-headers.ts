import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/**
 * The ONE definition of the site's security headers. The CDK web stack turns it into the CloudFront response
 * headers policy; the local origin sends the same headers on every response, so every browser test runs under
 * the production Content-Security-Policy.
 */

/** Where the SPA may load from or talk to, besides its own origin. */
export interface CspSources {
  /** Cognito's public endpoint (Amplify). Locally `/cognito` on the origin: 'self'. */
  cognito: string[];
  /** Where media is shown from (the media CDN). Locally `/media` on the origin: 'self'. */
  media: string[];
  /** Where browsers upload media with presigned POST (the media bucket). */
  upload: string[];
  /** The map tile server (img-src). */
  tiles: string[];
}

/** Inline scripts of `web/index.html` (the high-contrast restore runs before first paint). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

/** CSP source expressions ('sha256-...') allowing exactly these inline scripts. */
export function scriptHashes(scripts: string[]): string[] {
  return scripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
}

/** Hashes of the inline scripts of the SPA's `index.html` (Vite copies inline classic scripts verbatim). */
export const INDEX_SCRIPT_HASHES = scriptHashes(
  inlineScripts(readFileSync(join(repoRoot, 'web', 'index.html'), 'utf8')),
);

/** The SPA's Content-Security-Policy. */
export function contentSecurityPolicy(sources: CspSources): string {
  const list = (...items: string[][]) => items.flat().join(' ');
  return [
    "default-src 'self'",
    `img-src 'self' data: blob: ${list(sources.media, sources.tiles)}`,
    `media-src 'self' blob: ${list(sources.media)}`,
    `connect-src 'self' ${list(sources.cognito, sources.upload)}`,
    `script-src 'self' ${INDEX_SCRIPT_HASHES.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${list(sources.upload)}`,
    "frame-ancestors 'none'",
  ]
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .join('; ');
}

/** HSTS max-age: two years, subdomains included. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const FRAME_OPTIONS = 'DENY' as const;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin' as const;
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

/** Every security header of an SPA response, by lower-case name. */
export function securityHeaders(sources: CspSources): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': CROSS_ORIGIN_OPENER_POLICY,
  };
}

/**
 * Headers of media responses (the media CDN and the local `/media`): never sniffed, and any document it
 * could render is sandboxed (no script, no same-origin access), so an upload can never run on a site origin.
 */
export const MEDIA_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
  'referrer-policy': REFERRER_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
};

/**
 * The only content types the product stores (JPEG images, MP4 video, WebVTT caption files of videos): nothing
 * else is served as media.
 */
export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'video/mp4', 'text/vtt'] as const;
