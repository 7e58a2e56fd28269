import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_CREDENTIALS } from './settings';

/**
 * The table's stream and its Lambda event source, locally (issue 45's discovery cards): DynamoDB Local's own
 * stream (keys only, as in AWS), read shard by shard, filtered as the event source's filter does, handed to
 * the consumer in batches of up to 100, one batch at a time. A batch the consumer fails (or whose partial
 * response names a record) is given again from that record after a pause, up to `retries` times, then kept in
 * `dead` (the on-failure queue's stand-in). As unruly as the real one when asked (`LOCAL_STREAM_UNRULY`:
 * `duplicates` gives every batch twice, `late` holds each batch up to a second).
 */
export interface StreamUnruly {
  duplicates: boolean;
  late: boolean;
}
export const CALM_STREAM: StreamUnruly = { duplicates: false, late: false };

export function streamUnrulyFrom(text: string | undefined): StreamUnruly {
  const out = { ...CALM_STREAM };
  for (const name of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(name in CALM_STREAM)) throw new Error(`LOCAL_STREAM_UNRULY: unknown switch ${name}`);
    out[name as keyof StreamUnruly] = true;
  }
  return out;
}

type Consumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
type Keys = { PK?: string; SK?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startTableStream(opts: {
  /** The table's stream (`tableStreamArn` in dynamodb.ts turns it on). */
  streamArn: string;
  endpoint: string;
  region: string;
  /** Keys of the records the event source's filter lets through. */
  filter: (keys: Keys) => boolean;
  consumer: () => Promise<Consumer>;
  unruly?: StreamUnruly;
  pollMs?: number;
  retries?: number;
}) {
  const { streamArn } = opts;
  const streams = new DynamoDBStreamsClient({
    endpoint: opts.endpoint,
    region: opts.region,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  const unruly = opts.unruly ?? CALM_STREAM;
  const retries = opts.retries ?? 5;
  const pollMs = opts.pollMs ?? 100;
  /** Open shards' next iterators; a shard seen first at start is read from its end (LATEST), later ones whole. */
  const iterators = new Map<string, string | null>();
  const dead: _Record[] = [];
  let delivered = 0;
  let stopped = false;
  let first = true;

  const discover = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      iterators.set(shard.ShardId, ShardIterator ?? null);
    }
    first = false;
  };

  const toEvent = (records: _Record[]): DynamoDBStreamEvent => ({
    Records: records.map((r) => ({
      eventID: r.eventID,
      eventName: r.eventName as 'INSERT' | 'MODIFY' | 'REMOVE',
      eventSource: 'aws:dynamodb',
      awsRegion: opts.region,
      dynamodb: {
        Keys: r.dynamodb?.Keys as never,
        SequenceNumber: r.dynamodb?.SequenceNumber,
        StreamViewType: 'KEYS_ONLY',
      },
    })),
  });

  /** Hands records to the consumer until it takes them all, or they run out of tries. */
  const deliver = async (records: _Record[]) => {
    let pending = records;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (unruly.late) await sleep(Math.floor(Math.random() * 1000));
      let failedFrom = -1;
      try {
        const consumer = await opts.consumer();
        const out = await consumer(toEvent(pending));
        if (unruly.duplicates) await consumer(toEvent(pending));
        const first = out?.batchItemFailures?.[0]?.itemIdentifier;
        if (first) failedFrom = pending.findIndex((r) => r.dynamodb?.SequenceNumber === first);
      } catch {
        failedFrom = 0;
      }
      if (failedFrom < 0) {
        delivered += pending.length;
        return;
      }
      delivered += failedFrom;
      pending = pending.slice(failedFrom);
      if (attempt >= retries) {
        dead.push(...pending);
        return;
      }
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await discover();
        for (const [shardId, iterator] of iterators) {
          if (!iterator || stopped) continue;
          const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
          iterators.set(shardId, out.NextShardIterator ?? null);
          const records = (out.Records ?? []).filter((r) =>
            opts.filter({ PK: r.dynamodb?.Keys?.PK?.S, SK: r.dynamodb?.Keys?.SK?.S }),
          );
          if (records.length) await deliver(records);
        }
      } catch (error) {
        if (!stopped) console.error('[table-stream] read failed:', (error as Error).name);
      }
      await sleep(pollMs);
    }
  };
  const running = loop();

  return {
    /** Records handed over and taken, and records that ran out of tries. */
    counts: () => ({ delivered, dead: dead.length }),
    stop: async () => {
      stopped = true;
      await running;
      streams.destroy();
    },
  };
}
