import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTable, type Table } from '../../lambdas/data/table';
import { cloud } from './cloud';

let table: Table | undefined;

/**
 * The local cloud's table, for the data modules (`lambdas/data/*`): fixtures write through them, as the
 * functions do, never with literal keys or raw commands (`tampering.ts` alone plants what no module writes).
 */
export function testTable(): Table {
  const { env } = cloud();
  table ??= createTable(
    env.TABLE_NAME as string,
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return table;
}

/** The table's document client, to read items behind the API (Get and Query; writes go through the modules). */
export const tableClient = (): DynamoDBDocumentClient => testTable().doc;
