import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { refreshCards } from '../../domain/discovery/card';
import { cardInputOwner } from '../../domain/discovery/card-inputs';
import { createLogger } from '../../lib/logger';
import { cardDeps } from '../../wiring/discovery';

const deps = cardDeps();
const logger = createLogger('refresh-discovery-card');

/**
 * The table stream's consumer (keys only, filtered to the card's inputs: `card-inputs.ts`): each changed
 * charity's discovery card is rebuilt from what is stored now, so a duplicated, late or reordered record does
 * no harm. A charity whose rebuild fails is reported from its first record (partial batch response), so the
 * stream gives that record and the ones after it again.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const owners: { userId: string; sequence: string }[] = [];
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys;
    const userId = cardInputOwner({ PK: keys?.PK?.S, SK: keys?.SK?.S });
    if (userId && record.dynamodb?.SequenceNumber)
      owners.push({ userId, sequence: record.dynamodb.SequenceNumber });
  }
  const done = new Set<string>();
  for (const { userId, sequence } of owners) {
    if (done.has(userId)) continue;
    try {
      await refreshCards(deps, [userId]);
      done.add(userId);
    } catch (error) {
      logger.warn('discovery card not rebuilt; the stream gives it again', { error: (error as Error).name });
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  logger.info('discovery cards rebuilt', { records: event.Records.length, charities: done.size });
  return { batchItemFailures: [] };
};
