import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The SigV4 signing key (AWS4 + secret, date, region, service, aws4_request). */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** Hex signature of `stringToSign` with the derived key. */
export function sigV4Signature(secret: string, scope: string[], stringToSign: string): string {
  const [date, region, service] = scope as [string, string, string];
  return createHmac('sha256', signingKey(secret, date, region, service))
    .update(stringToSign)
    .digest('hex');
}

/** Compares two hex signatures in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Verifies an `Authorization: AWS4-HMAC-SHA256 ...` header signature (JSON-protocol services, whose path
 * is `/`): 'valid', 'missing', 'unknown-key' (not our access key) or 'mismatch'.
 */
export function verifySigV4(
  req: http.IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
): 'valid' | 'missing' | 'unknown-key' | 'mismatch' {
  const header = String(req.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return 'missing';
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return 'unknown-key';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date as string)) return 'mismatch';
  const names = (signedHeaders as string).split(';');
  const url = new URL(req.url ?? '/', 'http://localhost');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = names
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname.split('/').map(encode).join('/'),
    query,
    canonicalHeaders,
    signedHeaders,
    String(req.headers['x-amz-content-sha256'] ?? sha256Hex(body)),
  ].join('\n');
  const scope = [date, region, service] as string[];
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${scope.join('/')}/aws4_request`,
    sha256Hex(canonicalRequest),
  ].join('\n');
  return sameSignature(sigV4Signature(credentials.secretAccessKey, scope, stringToSign), signature as string)
    ? 'valid'
    : 'mismatch';
}
