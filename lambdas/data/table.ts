import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
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

/** Runs one write transaction of builder items (all succeed or none). */
export async function transact(table: Table, items: readonly TxItem[]): Promise<void> {
  await table.doc.send(new TransactWriteCommand({ TransactItems: items as unknown as RawTxItem[] }));
}
