/**
 * The one table's schema, read by the stateful stack (`infra/stacks/stateful-stack.ts`) and the local cloud
 * (`infra/local/dynamodb.ts`), so the two cannot drift. String keys only.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** The TTL attribute (epoch seconds). */
  timeToLiveAttribute: 'expiresAt',
  /** The one global secondary index, projecting every attribute. */
  gsi1: { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
} as const;
