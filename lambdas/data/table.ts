import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The one table and its document client. Endpoints come only from the environment
 * (`AWS_ENDPOINT_URL_DYNAMODB` locally), so this code is the same in every environment.
 */
export interface Table {
  name: string;
  doc: DynamoDBDocumentClient;
}

export function createTable(name: string, client: DynamoDBClient = new DynamoDBClient({})): Table {
  return {
    name,
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
  };
}
