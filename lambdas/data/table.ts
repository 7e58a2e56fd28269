import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';

/**
 * The one table and its document client. Endpoints come only from the environment
 * (`AWS_ENDPOINT_URL_DYNAMODB` locally), so this code is the same in every environment.
 */
export interface Table {
  name: string;
  doc: DynamoDBDocumentClient;
}

/** One DynamoDB client per process: the handler's wiring and the session check share its connections. */
let sharedClient: DynamoDBClient | undefined;

export function createTable(name: string, client?: DynamoDBClient): Table {
  if (!client) {
    sharedClient ??= new DynamoDBClient({});
    client = sharedClient;
  }
  return {
    name,
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
  };
}

type RawTxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
declare const txBrand: unique symbol;

/**
 * One item of a write transaction, opaque outside this folder: only the data module that owns an entity builds
 * the items that write or check it (`accountExists`, `uploadData(...).consume`, ...); other modules and the
 * domain pass them on to a transaction of the owner's builders and {@link transact}, never build or read one.
 */
export interface TxItem {
  readonly [txBrand]: 'TxItem';
}

/** Wraps a transaction item built by its entity's own module (data modules only). */
export const txItem = (item: RawTxItem): TxItem => item as unknown as TxItem;

/**
 * Runs one write transaction of builder items (all succeed or none). With a `token` (at most 36 characters) the
 * SDK's own retry of a transaction that did commit answers success again instead of failing its conditions.
 */
export async function transact(table: Table, items: readonly TxItem[], token?: string): Promise<void> {
  await table.doc.send(
    new TransactWriteCommand({
      TransactItems: items as unknown as RawTxItem[],
      ...(token ? { ClientRequestToken: token } : {}),
    }),
  );
}

/** Tries of a transaction cancelled by conflicts before the caller gives up. */
export const CONFLICT_TRIES = 20;

/** Waits before trying a conflicted transaction again: 10 ms plus a jitter growing with the attempt. */
export const conflictBackoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20 * Math.min(attempt + 1, 5)));

/** True for a transaction cancelled because another transaction was writing one of its items (retry it). */
export function transactionConflict(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  return (
    e?.name === 'TransactionCanceledException' &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')
  );
}

/**
 * The pages of one query, in order, to the end or until `limit` items (in all) are read: each page asks for at
 * most `pageSize` items (and never more than the limit leaves). The one way data modules page through a query.
 */
export async function* queryPages(
  table: Table,
  query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  opts: { pageSize?: number; limit?: number } = {},
): AsyncGenerator<Record<string, unknown>[]> {
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const room = opts.limit === undefined ? undefined : opts.limit - read;
    const Limit = room === undefined ? opts.pageSize : Math.min(room, opts.pageSize ?? room);
    const out = await table.doc.send(
      new QueryCommand({ ...query, TableName: table.name, Limit, ExclusiveStartKey: start }),
    );
    const items = out.Items ?? [];
    read += items.length;
    yield items;
    start = out.LastEvaluatedKey;
  } while (start && (opts.limit === undefined || read < opts.limit));
}

/** True for a failed condition, alone or inside a cancelled transaction. */
export function conditionFailed(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' &&
      (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
}

/** Indexes of the transaction items whose condition failed (empty for any other error). */
export function failedItems(error: unknown): number[] {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  if (e?.name !== 'TransactionCanceledException') return [];
  return (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

/**
 * Awaits a conditional write (a command sent, or {@link transact}): true when it was written, false when its
 * condition (or one of the transaction's) failed; any other error is rethrown. The one way data modules write
 * conditionally: `if (!(await whenCondition(table.doc.send(new UpdateCommand({ ... }))))) return ...`.
 */
export async function whenCondition(write: Promise<unknown>): Promise<boolean> {
  return (await conditionFailures(write)) === null;
}

/** Updates an item only while it exists: true when written, false (nothing written) when there is no item. */
export function updateExisting(
  table: Table,
  Key: Record<string, string>,
  UpdateExpression: string,
  ExpressionAttributeValues?: Record<string, unknown>,
): Promise<boolean> {
  return whenCondition(
    table.doc.send(
      new UpdateCommand({
        TableName: table.name,
        Key,
        UpdateExpression,
        ConditionExpression: 'attribute_exists(PK)',
        ...(ExpressionAttributeValues ? { ExpressionAttributeValues } : {}),
      }),
    ),
  );
}

/**
 * {@link whenCondition} for a write whose output is read (a command's `ReturnValues`, always an object): the
 * output, or undefined when its condition failed.
 */
export async function whenConditionOutput<T extends object>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * {@link whenCondition} for a transaction that answers by which item refused it: null when written, else the
 * indexes of the items whose condition failed (empty for a single write's failed condition).
 */
export async function conditionFailures(write: Promise<unknown>): Promise<number[] | null> {
  try {
    await write;
    return null;
  } catch (error) {
    if (conditionFailed(error)) return failedItems(error);
    throw error;
  }
}

/**
 * Every item of `keys` that exists, read strongly consistent, 100 keys a BatchGetItem, its unprocessed keys
 * asked again with a growing pause; still unprocessed after `tries`, an error (`what` names it).
 */
export async function batchGetAll(
  table: Table,
  keys: readonly Record<string, unknown>[],
  opts: { projection?: string; what: string; tries?: number },
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0 && attempt < (opts.tries ?? 5); attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out = await table.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [table.name]: { Keys: pending, ConsistentRead: true, ProjectionExpression: opts.projection },
          },
        }),
      );
      found.push(...(out.Responses?.[table.name] ?? []));
      pending = (out.UnprocessedKeys?.[table.name]?.Keys ?? []) as Record<string, unknown>[];
    }
    if (pending.length) throw new Error(`${opts.what} could not be read (unprocessed keys)`);
  }
  return found;
}
