import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { INCOMING_PREFIX } from '@shared/media';
import { notFoundShell } from '@shared/site/head-tags';
import {
  isSpaRoute,
  prerenderedFileFor,
  robotsTxt,
  SPA_SEGMENTS_UNDER_CHARITIES,
} from '@shared/site/site-routes';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../lambdas/lib/edge';
import { MEDIA_CONTENT_TYPES, MEDIA_HEADERS } from '../security-headers';
import { MAX_PAYLOAD_BYTES } from './gateway';
import { readBody, sendJson } from './http';

type BodyHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer | null,
) => Promise<void>;

export interface OriginOptions {
  webDir: string;
  runtimeConfig: () => unknown;
  api: BodyHandler;
  cognito: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => Promise<void>;
  /** s3rver base URL and bucket, for reads of `/media/<key>`. */
  media: { s3Url: string; bucket: string };
  /** The production security headers (`infra/security-headers.ts`), sent on every response but media. */
  securityHeaders: Record<string, string>;
  /**
   * Added to every request passed to the API as `x-origin-verify`, as CloudFront's origin custom header is; a
   * function is read on each request (a rotation changes it, as a distribution deploy does).
   */
  originSecret: string | (() => string);
}

/**
 * What CloudFront does to a request for the API origin: the secret origin header (replacing any the viewer
 * sent) and `CloudFront-Viewer-Address` (the viewer's address and port; the origin request policy forwards it).
 */
export function asEdgeRequest(req: http.IncomingMessage, originSecret: string): void {
  req.headers[ORIGIN_VERIFY_HEADER] = originSecret;
  const address = req.socket.remoteAddress?.replace(/^::ffff:/, '');
  if (address) req.headers[VIEWER_ADDRESS_HEADER] = `${address}:${req.socket.remotePort ?? 0}`;
  else delete req.headers[VIEWER_ADDRESS_HEADER];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The one local origin, standing in for CloudFront: the built SPA (deep links answered with index.html),
 * `/config.json`, `/api/*` (the gateway), `/media/*` (S3 reads) and `/cognito/*` (for the browser's Amplify).
 */
export function createOrigin(opts: OriginOptions): http.Server {
  const SECURITY_HEADERS = opts.securityHeaders;
  const secret = () => (typeof opts.originSecret === 'string' ? opts.originSecret : opts.originSecret());
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      if (path === '/api' || path.startsWith('/api/')) {
        asEdgeRequest(req, secret());
        await opts.api(req, res, await readBody(req, MAX_PAYLOAD_BYTES));
        return;
      }
      if (path === '/cognito' || path.startsWith('/cognito/')) {
        req.url = (req.url ?? '/').replace(/^\/cognito/, '') || '/';
        // The public face only: what an app client may call without AWS credentials (cognito-compat.ts).
        await opts.cognito(req, res, (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0));
        return;
      }
      if (path === '/config.json') {
        sendJson(res, 200, opts.runtimeConfig(), { 'cache-control': 'no-store', ...SECURITY_HEADERS });
        return;
      }
      // `/charities/` goes to the listing's own address, as the CloudFront Function sends it (without the query).
      if (path === '/charities/' && (req.method === 'GET' || req.method === 'HEAD')) {
        res
          .writeHead(301, { location: '/charities', 'cache-control': 'no-cache', ...SECURITY_HEADERS })
          .end();
        return;
      }
      // Public documents, as the CloudFront behaviours route them (web stack: PUBLIC_DOCUMENTS_REWRITE).
      const document = publicDocumentApiPath(path);
      if (document && (req.method === 'GET' || req.method === 'HEAD')) {
        req.url = document + url.search;
        asEdgeRequest(req, secret());
        await opts.api(req, res, Buffer.alloc(0));
        return;
      }
      if (path === '/robots.txt') {
        const { siteUrl } = opts.runtimeConfig() as { siteUrl: string };
        res
          .writeHead(200, {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-cache',
            ...SECURITY_HEADERS,
          })
          .end(robotsTxt(siteUrl));
        return;
      }
      if (path.startsWith('/media/')) {
        const key = path.slice('/media/'.length);
        // Only keys inside the media bucket: no dot segments (raw or encoded) that would leave it.
        // No listing (an empty key or a folder) and nothing from `incoming/` (uploads not yet checked and saved).
        if (
          key.split('/').some((part) => /^(\.|%2e){1,2}$/i.test(part)) ||
          /%2f/i.test(key) ||
          key === '' ||
          key.endsWith('/') ||
          isIncoming(key)
        ) {
          sendJson(res, 404, { message: 'Not Found' }, MEDIA_HEADERS);
          return;
        }
        await proxyMedia(req, res, opts.media, key);
        return;
      }
      serveStatic(req, res, opts.webDir, path, SECURITY_HEADERS);
    } catch (error) {
      console.error('[origin] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' }, SECURITY_HEADERS);
      else res.end();
    }
  });
}

/** Whether a raw `/media/` key names an upload not yet saved, however it is spelt (encoded, extra slashes). */
function isIncoming(rawKey: string): boolean {
  let key = rawKey;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return true;
  }
  return key.replace(/^\/+/, '').startsWith(INCOMING_PREFIX);
}

/**
 * The API path answering a public document (`/charities`, the listing, its query passed on; `/charities/<number>`,
 * `/sitemap.xml`), or null.
 */
export function publicDocumentApiPath(path: string): string | null {
  if (path === '/sitemap.xml') return '/api/sitemap.xml';
  if (path === '/charities') return '/api/share/charities';
  // A charity's Atom feed of its posts (issue 44).
  const feed = /^\/charities\/([^/]+)\/feed\.xml$/.exec(path);
  if (feed) return `/api/share/charities/${feed[1]}/feed.xml`;
  const charity = /^\/charities\/([^/]+)\/?$/.exec(path);
  // `/charities/recommend` is a page of the SPA, not a charity's number.
  if (charity?.[1] && SPA_SEGMENTS_UNDER_CHARITIES.includes(charity[1])) return null;
  return charity ? `/api/share/charities/${charity[1]}` : null;
}

async function proxyMedia(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  media: OriginOptions['media'],
  key: string,
) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { message: 'Method Not Allowed' });
    return;
  }
  const headers: Record<string, string> = {};
  if (req.headers.range) headers.range = req.headers.range;
  const upstream = await fetch(`${media.s3Url}/${media.bucket}/${key}`, { method: req.method, headers });
  // Only the types the product stores: anything else (an HTML file, say) is never served from here.
  const type = (upstream.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const servable = (MEDIA_CONTENT_TYPES as readonly string[]).includes(type);
  if (upstream.status === 404 || upstream.status === 403 || (upstream.ok && !servable)) {
    // CloudFront with OAC answers 403 for a missing object; we say 404 plainly.
    await upstream.body?.cancel();
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...MEDIA_HEADERS }).end('Not found');
    return;
  }
  const out: Record<string, string> = { ...MEDIA_HEADERS, 'content-type': type };
  for (const name of ['content-length', 'etag', 'last-modified', 'content-range', 'accept-ranges']) {
    const value = upstream.headers.get(name);
    if (value) out[name] = value;
  }
  out['cache-control'] = 'public, max-age=300';
  res.writeHead(upstream.status, out);
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(await upstream.arrayBuffer()));
}

function serveStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  webDir: string,
  path: string,
  SECURITY_HEADERS: Record<string, string>,
) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
    return;
  }
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    res
      .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      .end('The web app is not built yet. Run `npm run build:web` (npm start does it for you).');
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = normalize(join(webDir, decoded));
  const inside = file.startsWith(webDir + sep);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  // Deep links (no file extension) get the SPA, a prerendered page its own HTML (as the CloudFront Function
  // rewrites it); a missing asset is a real 404.
  const prerendered = prerenderedFileFor(decoded);
  const page = prerendered ? join(webDir, prerendered) : null;
  const target = isFile ? file : extname(decoded) === '' ? (page && existsSync(page) ? page : index) : null;
  if (target === index && !isFile && !isSpaRoute(path)) {
    // An unknown page: HTTP 404 with the SPA (it shows the not-found page), marked noindex.
    const body = notFoundShell(readFileSync(index, 'utf8'));
    res.writeHead(404, {
      'content-type': TYPES['.html'] as string,
      'cache-control': 'no-cache',
      ...SECURITY_HEADERS,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if (!target) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('Not found');
    return;
  }
  const immutable = target.includes(`${sep}assets${sep}`);
  const type = TYPES[extname(target)] ?? 'application/octet-stream';
  const { body, encoding } = encoded(target, type, String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'content-length': String(body.length),
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...SECURITY_HEADERS,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
const cache = new Map<string, { mtimeMs: number; raw: Buffer; br?: Buffer; gzip?: Buffer }>();

/** The file, compressed as CloudFront would when the browser accepts it (kept in memory per build). */
function encoded(path: string, type: string, accept: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const mtimeMs = statSync(path).mtimeMs;
  let entry = cache.get(path);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, raw: readFileSync(path) };
    cache.set(path, entry);
  }
  if (!COMPRESSIBLE.test(type) || entry.raw.length < 1024) return { body: entry.raw };
  if (/\bbr\b/.test(accept)) {
    entry.br ??= brotliCompressSync(entry.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
    return { body: entry.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accept)) {
    entry.gzip ??= gzipSync(entry.raw, { level: 9 });
    return { body: entry.gzip, encoding: 'gzip' };
  }
  return { body: entry.raw };
}
