import http from 'node:http';
import { cloud } from './cloud';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/**
 * A loopback address of its own (127.x.y.z, chosen at random: jest loads this module afresh in every test
 * file, so a counter would repeat): the gateway sees it as the client address, as API Gateway sees the
 * caller's IP, so tests of per-address rate limits do not share one counter.
 */
export function freshAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

const withoutUndefined = (headers: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;

/**
 * The address a test file calls from unless it chooses one: its own (this module is loaded afresh per file), so
 * per-address limits (20 code guesses a day, 30 new accounts a day) are not shared by every file of the run.
 */
const fileAddress = freshAddress();

/** Calls the API through the local origin, like the browser does, from a chosen loopback address. */
export function callApi(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  opts: {
    token?: string;
    from?: string;
    raw?: string;
    /** Headers to add or (undefined) leave out, as a hostile page or client would send them. */
    headers?: Record<string, string | undefined>;
  } = {},
): Promise<ApiAnswer> {
  const url = new URL(path, cloud().appUrl);
  const payload = opts.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: opts.from ?? fileAddress,
        headers: withoutUndefined({
          // As the web's client: every body-carrying method says JSON, with or without a body.
          ...(payload !== undefined || !(method === 'GET' || method === 'DELETE')
            ? { 'content-type': 'application/json' }
            : {}),
          ...(payload !== undefined ? { 'content-length': Buffer.byteLength(payload) } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? JSON.parse(text) : {};
          } catch {
            parsed = { raw: text };
          }
          // The headers are there to read, not to compare: whole-answer `toEqual`s stay on status and body.
          const answer = { status: res.statusCode ?? 0, body: parsed } as ApiAnswer;
          Object.defineProperty(answer, 'headers', { value: res.headers, enumerable: false });
          resolve(answer);
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export const post = (path: string, body: unknown, opts?: Parameters<typeof callApi>[3]) =>
  callApi('POST', path, body, opts);

/** A message as aws-ses-v2-local lists it at /store. */
interface Mail {
  /** The `MessageId` SendEmail answered. */
  messageId: string;
  subject: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  body: { text?: string; html?: string };
  /** Headers set on the message (SES v2 `Simple.Headers`). */
  headers?: { name?: string; key?: string; value: string }[];
}

/** Mail the local SES received for an address, newest last. */
export async function mailTo(
  address: string,
): Promise<
  { messageId: string; subject: string; text: string; html: string; headers: Record<string, string> }[]
> {
  const store = (await (await fetch(`${cloud().mailboxUrl}/store`)).json()) as { emails: Mail[] };
  return store.emails
    .filter((m) => m.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map((m) => ({
      messageId: m.messageId,
      subject: m.subject,
      text: m.body.text ?? '',
      html: m.body.html ?? '',
      headers: Object.fromEntries(
        (m.headers ?? []).map((h) => [(h.name ?? h.key ?? '').toLowerCase(), h.value]),
      ),
    }));
}
