import { Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { EventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SEND_CHUNK } from '../../lambdas/domain/following/mail-jobs';
import { followMailEntry } from '../paths';
import type { Capabilities } from '../route-capabilities';
import { AppFunction } from './app-function';
import type { BackendAccess } from './backend-access';
import { deadLetterQueue } from './dead-letters';

/** The environment variable holding the queue's URL (`lambdas/wiring/following.ts`, `FollowQueueEnv`). */
export const FOLLOW_MAIL_QUEUE_URL_ENV = 'FOLLOW_MAIL_QUEUE_URL';

/** The consumer's time per batch. A job never needs it all: {@link followMailSending} sizes the batch to half. */
export const FOLLOW_MAIL_TIMEOUT_SECONDS = 120;

/**
 * How long a received job stays invisible: six times the consumer's timeout (AWS's advice for a Lambda event
 * source, so a batch retried after throttling is not received twice), so a failed job comes back after 12 minutes.
 */
export const FOLLOW_MAIL_VISIBILITY_SECONDS = 6 * FOLLOW_MAIL_TIMEOUT_SECONDS;

/** Receives before a job goes to the dead-letter queue (about an hour of tries at the visibility timeout). */
export const FOLLOW_MAIL_MAX_RECEIVES = 5;

/**
 * At most this many mails a second per worker: one mail is a claim, a send and a sent marker in turn (about
 * 100 ms), so a worker at 5 a second keeps its pace with room to spare.
 */
export const MAIL_RATE_PER_WORKER = 5;

/** How the consumer shares the stage's SES rate (`updates.mailRatePerSecond`, decision 20.13). */
export interface FollowMailSending {
  /** `FOLLOW_MAIL_RATE`: mails a second over all workers. */
  readonly ratePerSecond: number;
  /** `FOLLOW_MAIL_WORKERS` and the event source's maximum concurrency (at least 2, SQS's minimum). */
  readonly workers: number;
  /** Jobs per invocation: as many `send` jobs as take half the timeout at a worker's share of the rate. */
  readonly batchSize: number;
}

/** The workers and batch size for a stage's SES sending rate. */
export function followMailSending(ratePerSecond: number): FollowMailSending {
  if (!Number.isInteger(ratePerSecond) || ratePerSecond < 1)
    throw new Error(`The mail rate must be a whole number of mails a second, not ${ratePerSecond}.`);
  const workers = Math.max(2, Math.ceil(ratePerSecond / MAIL_RATE_PER_WORKER));
  const secondsPerJob = (SEND_CHUNK * workers) / ratePerSecond;
  const batchSize = Math.min(10, Math.max(1, Math.floor(FOLLOW_MAIL_TIMEOUT_SECONDS / 2 / secondsPerJob)));
  return { ratePerSecond, workers, batchSize };
}

/**
 * The follow-mail queue (decision 20.13): post and digest jobs, and the `send` jobs they fan out into. SSE-SQS,
 * TLS only; a job received {@link FOLLOW_MAIL_MAX_RECEIVES} times goes to {@link deadLetters}, which the ops
 * stack alarms on. {@link sendPolicy} (`sqs:SendMessage` on this queue only) is attached to the functions that
 * declare `followQueue`. Lives in the stateful stack, so the API and jobs stacks both reach it without a cycle.
 */
export class FollowMailQueue extends Construct {
  public readonly queue: sqs.Queue;
  /** Jobs that failed every try: kept 14 days for an operator (docs/operating.md). */
  public readonly deadLetters: sqs.Queue;
  /** Enqueue jobs (SendMessage, which SendMessageBatch needs too) on {@link queue}, nothing else. */
  public readonly sendPolicy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, 'DeadLetters', 'the dead-letter queue of the follow-mail queue');
    this.queue = new sqs.Queue(this, 'Queue', {
      visibilityTimeout: Duration.seconds(FOLLOW_MAIL_VISIBILITY_SECONDS),
      // A post's mail is news for days, not weeks.
      retentionPeriod: Duration.days(4),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: FOLLOW_MAIL_MAX_RECEIVES },
    });
    this.sendPolicy = new iam.ManagedPolicy(this, 'SendPolicy', {
      description: 'Kindred: queue follow-mail jobs (posts, digests, their fan-out)',
      statements: [
        new iam.PolicyStatement({
          sid: 'FollowMailSend',
          actions: ['sqs:SendMessage'],
          resources: [this.queue.queueArn],
        }),
      ],
    });
  }
}

/** The consumer's capabilities: the follower items, the send path, and its own fan-out onto the queue. */
export const FOLLOW_MAIL_CAPABILITIES: Capabilities = { table: 'readWrite', mail: true, followQueue: true };

/** Props of {@link FollowMailSender}. */
export interface FollowMailSenderProps {
  readonly queue: sqs.IQueue;
  /** The backend's environment and grants (the jobs stack's). */
  readonly access: BackendAccess;
  readonly sending: FollowMailSending;
}

/**
 * The queue's consumer (`lambdas/events/send-follow-mail`): an SQS event source with partial batch responses,
 * at most `workers` at once, each sending at `rate / workers` a second, so the stage's SES rate is never
 * exceeded. Receiving (ReceiveMessage, DeleteMessage, ChangeMessageVisibility, GetQueueAttributes) is
 * granted to it alone, by the event source.
 */
export class FollowMailSender extends Construct {
  public readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: FollowMailSenderProps) {
    super(scope, id);
    const { sending } = props;
    this.fn = new AppFunction(this, 'Consumer', {
      entry: followMailEntry,
      serviceName: 'send-follow-mail',
      description: `Sends the follow-mail queue's jobs: ${sending.ratePerSecond} mails a second over ${sending.workers} workers.`,
      invocation: 'queue',
      timeout: Duration.seconds(FOLLOW_MAIL_TIMEOUT_SECONDS),
      environment: {
        FOLLOW_MAIL_RATE: String(sending.ratePerSecond),
        FOLLOW_MAIL_WORKERS: String(sending.workers),
      },
    });
    props.access.bind(this.fn, FOLLOW_MAIL_CAPABILITIES);
    this.fn.function.addEventSource(
      new SqsEventSource(props.queue, {
        batchSize: sending.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: sending.workers,
      }),
    );
    for (const mapping of this.fn.function.node.children.filter((c) => c instanceof EventSourceMapping)) {
      Validations.of(mapping).acknowledge({
        id: 'Serverless-LambdaEventSourceMappingDestination',
        reason:
          "An SQS event source takes no on-failure destination (Lambda supports one for streams and Kafka only): a job that fails every try goes to the queue's own dead-letter queue (redrive policy), which is alarmed on.",
      });
    }
  }
}
