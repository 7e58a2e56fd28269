import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  CARD_INPUT_SK_PREFIXES,
  CARD_INPUT_SKS,
  CHARITY_PK_PREFIX,
} from '../../lambdas/domain/discovery/card-inputs';
import { discoveryCardEntry } from '../paths';
import type { Capabilities } from '../route-capabilities';
import { AppFunction } from './app-function';
import type { BackendAccess } from './backend-access';
import { deadLetterQueue } from './dead-letters';

/** The consumer's capabilities: the charity's items (read), its card (write), the register's facts. */
export const DISCOVERY_CARD_CAPABILITIES: Capabilities = { table: 'readWrite', register: true };

/** The stream's event filter: charity items that feed a card (`card-inputs.ts`), nothing else. */
export const cardInputFilter = () =>
  FilterCriteria.filter({
    dynamodb: {
      Keys: {
        PK: { S: [{ prefix: CHARITY_PK_PREFIX }] },
        SK: { S: [...CARD_INPUT_SKS, ...CARD_INPUT_SK_PREFIXES.map((prefix) => ({ prefix }))] },
      },
    },
  });

export interface DiscoveryCardRefresherProps {
  /** The table, with its stream (keys only). */
  readonly table: dynamodb.ITable;
  readonly access: BackendAccess;
}

/**
 * Discovery cards kept in step with the charities (issue 45): the table's stream (keys only: no item data
 * leaves the table) feeds `lambdas/events/refresh-discovery-card`, filtered to the card's inputs, one batch
 * per shard at a time (so one charity's rebuilds never run side by side), a second's batching window. A batch
 * that fails is split and tried again (partial batch responses name the first failed record); after its tries
 * its records go to {@link deadLetters}, which the ops stack alarms on.
 */
export class DiscoveryCardRefresher extends Construct {
  public readonly fn: AppFunction;
  public readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: DiscoveryCardRefresherProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Consumer', {
      entry: discoveryCardEntry,
      serviceName: 'refresh-discovery-card',
      description: 'Rebuilds the discovery cards of charities whose items changed (table stream).',
      invocation: 'stream',
      timeout: Duration.seconds(60),
    });
    props.access.bind(this.fn, DISCOVERY_CARD_CAPABILITIES);
    this.deadLetters = deadLetterQueue(
      this,
      'DeadLetters',
      "the on-failure destination of the discovery cards' stream",
    );
    this.fn.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        parallelizationFactor: 1,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [cardInputFilter()],
      }),
    );
  }
}
