import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * The local SQS: the JSON protocol's SendMessage and SendMessageBatch (what `lambdas/adapters/queue.ts` calls),
 * and an event source that hands batches of up to 10 messages to the queue's consumer, at most `workers` at once,
 * as Lambda's SQS poller does: a failed message (or one the consumer reports in `batchItemFailures`) comes back
 * after `visibilityMs`, and to the dead-letter list after `maxReceives`. At least as unruly as SQS when asked
 * (`LOCAL_QUEUE_UNRULY`, or `POST /_local/queue/unruly` with JSON): `duplicates` (every message delivered
 * twice), `shuffle` (any waiting message may go next), `redeliver` (a message handled fine comes back once
 * more). `GET /_local/queue` answers the counts (waiting, in flight, delivered, dead).
 */
export interface QueueUnruly {
  duplicates: boolean;
  shuffle: boolean;
  redeliver: boolean;
}

export const CALM_QUEUE: QueueUnruly = { duplicates: false, shuffle: false, redeliver: false };

export function queueUnrulyFrom(text: string | undefined): QueueUnruly {
  const out = { ...CALM_QUEUE };
  for (const name of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(name in CALM_QUEUE)) throw new Error(`LOCAL_QUEUE_UNRULY: unknown switch ${name}`);
    out[name as keyof QueueUnruly] = true;
  }
  return out;
}

interface Message {
  id: string;
  body: string;
  receives: number;
  visibleAt: number;
  /** Deliveries still owed on top of the first (duplicates). */
  extra: number;
}

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

export async function startQueue(opts: {
  port: number;
  name: string;
  consumer: () => Promise<Consumer>;
  workers?: number;
  visibilityMs?: number;
  maxReceives?: number;
  unruly?: QueueUnruly;
}) {
  const workers = opts.workers ?? 2;
  const visibilityMs = opts.visibilityMs ?? 2000;
  const maxReceives = opts.maxReceives ?? 5;
  const defaults = opts.unruly ?? CALM_QUEUE;
  let unruly = { ...defaults };
  const waiting: Message[] = [];
  let inFlight = 0;
  let delivered = 0;
  const dead: string[] = [];
  let busy = 0;
  const url = `http://127.0.0.1:${opts.port}/000000000000/${opts.name}`;

  const enqueue = (body: string) => {
    const message = { id: randomUUID(), body, receives: 0, visibleAt: 0, extra: unruly.duplicates ? 1 : 0 };
    waiting.push(message);
    return message.id;
  };

  const take = (): Message[] => {
    const now = Date.now();
    const ready = waiting.filter((m) => m.visibleAt <= now);
    if (unruly.shuffle) ready.sort(() => Math.random() - 0.5);
    const batch = ready.slice(0, 10);
    for (const m of batch) waiting.splice(waiting.indexOf(m), 1);
    return batch;
  };

  const deliver = async (batch: Message[]) => {
    busy++;
    inFlight += batch.length;
    let failed = new Set<string>();
    try {
      const out = await (await opts.consumer())({
        Records: batch.map((m) => {
          m.receives++;
          return {
            messageId: m.id,
            receiptHandle: randomUUID(),
            body: m.body,
            attributes: { ApproximateReceiveCount: String(m.receives) },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:eu-west-2:000000000000:${opts.name}`,
            awsRegion: 'eu-west-2',
          };
        }) as unknown as SQSEvent['Records'],
      });
      failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch {
      failed = new Set(batch.map((m) => m.id));
    } finally {
      busy--;
      inFlight -= batch.length;
    }
    for (const m of batch) {
      if (failed.has(m.id)) {
        if (m.receives >= maxReceives) dead.push(m.body);
        else waiting.push({ ...m, visibleAt: Date.now() + visibilityMs });
        continue;
      }
      delivered++;
      if (m.extra > 0) waiting.push({ ...m, extra: m.extra - 1 });
      else if (unruly.redeliver && m.receives === 1) waiting.push({ ...m, visibleAt: Date.now() + 50 });
    }
  };

  const poll = setInterval(() => {
    while (busy < workers) {
      const batch = take();
      if (batch.length === 0) return;
      void deliver(batch);
    }
  }, 20);
  poll.unref();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && req.url === '/_local/queue')
        return send(200, { waiting: waiting.length, inFlight, delivered, dead: dead.length, unruly });
      if (req.method === 'POST' && req.url === '/_local/queue/unruly') {
        try {
          const asked = text ? (JSON.parse(text) as Partial<QueueUnruly>) : {};
          unruly = { ...defaults, ...asked };
          return send(200, unruly);
        } catch {
          return send(400, { message: 'JSON of the switches, please' });
        }
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const md5 = (body: string) => createHash('md5').update(body, 'utf8').digest('hex');
      try {
        const input = JSON.parse(text || '{}') as {
          MessageBody?: string;
          Entries?: { Id: string; MessageBody: string }[];
        };
        if (target === 'AmazonSQS.SendMessage' && typeof input.MessageBody === 'string')
          return send(200, {
            MessageId: enqueue(input.MessageBody),
            MD5OfMessageBody: md5(input.MessageBody),
          });
        if (target === 'AmazonSQS.SendMessageBatch' && Array.isArray(input.Entries))
          return send(200, {
            Successful: input.Entries.map((e) => ({
              Id: e.Id,
              MessageId: enqueue(e.MessageBody),
              MD5OfMessageBody: md5(e.MessageBody),
            })),
            Failed: [],
          });
      } catch {
        // falls through to the refusal
      }
      send(400, { __type: 'com.amazonaws.sqs#InvalidAction', message: `Unsupported: ${target}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  return {
    url,
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: async () => {
      clearInterval(poll);
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
