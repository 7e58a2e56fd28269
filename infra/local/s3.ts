import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account';
import { close, listen, readBody } from './http';
import { checkPostPolicy, type S3Refusal, s3ErrorXml } from './s3-post-policy';
import { LOCAL_CREDENTIALS } from './settings';

/** CORS of the media bucket: browsers upload with presigned POST from the app origin. */
function corsXml(origin: string): string {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** The largest browser upload the proxy reads (the API's largest grant is a 100 MB video). */
const MAX_POST_BYTES = 110 * 1024 * 1024;

/**
 * Starts s3rver (on an internal port) with the media bucket, accepting the local credentials, behind a proxy
 * on `port` that enforces what s3rver ignores: a browser POST upload is stored only when its SigV4 POST
 * policy is signed with the local credentials, unexpired, and every condition holds (S3's 403/400 and XML
 * error body otherwise). Every other request passes through untouched.
 */
export async function startS3(opts: {
  port: number;
  dir: string;
  bucket: string;
  /** Private buckets beside the media bucket (no CORS: read only through presigned links). */
  privateBuckets?: readonly string[];
  appOrigin: string;
  quiet: boolean;
}) {
  mkdirSync(opts.dir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: opts.dir,
    silent: true,
    configureBuckets: [
      { name: opts.bucket, configs: [corsXml(opts.appOrigin)] },
      ...(opts.privateBuckets ?? []).map((name) => ({ name, configs: [] })),
    ],
  });
  const { port: innerPort } = (await server.run()) as AddressInfo;
  const proxy = await listen(
    http.createServer((req, res) => {
      handle(req, res).catch((error) => {
        console.error('[s3] request failed:', error);
        if (!res.headersSent) res.writeHead(500).end();
        else res.end();
      });
    }),
    opts.port,
  );

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    const isBrowserPost =
      req.method === 'POST' &&
      /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? '')) &&
      /^\/[^/]+$/.test(path);
    if (!isBrowserPost) {
      pass(req, res, null);
      return;
    }
    const cors: Record<string, string> =
      req.headers.origin === opts.appOrigin
        ? { 'access-control-allow-origin': opts.appOrigin, vary: 'Origin' }
        : {};
    const refuse = (refusal: S3Refusal) =>
      res
        .writeHead(refusal.status, { 'content-type': 'application/xml', ...cors })
        .end(s3ErrorXml(refusal, path));
    const body = await readBody(req, MAX_POST_BYTES);
    if (!body) {
      refuse({
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
      });
      return;
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
    } catch {
      refuse({
        status: 400,
        code: 'MalformedPOSTRequest',
        message: 'The body of your POST request is not well-formed multipart/form-data.',
      });
      return;
    }
    const fields = new Map<string, string>();
    let fileSize = -1;
    form.forEach((value, name) => {
      if (typeof value === 'string') fields.set(name, value);
      else if (name.toLowerCase() === 'file') fileSize = value.size;
    });
    if (fileSize < 0) {
      refuse({
        status: 400,
        code: 'InvalidArgument',
        message: 'POST requires exactly one file upload per request.',
      });
      return;
    }
    const refusal = checkPostPolicy({
      bucket: decodeURIComponent(path.slice(1)),
      fields,
      fileSize,
      credentials: LOCAL_CREDENTIALS,
    });
    if (refusal) {
      refuse(refusal);
      return;
    }
    pass(req, res, body);
  }

  /** Forwards a request to s3rver as it came (the Host header too, which SigV4 signatures cover). */
  function pass(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null) {
    const upstream = http.request(
      { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  return {
    url: `http://127.0.0.1:${opts.port}`,
    stop: async () => {
      await close(proxy);
      (server as unknown as { httpServer?: http.Server }).httpServer?.closeAllConnections?.();
      await server.close();
    },
  };
}
