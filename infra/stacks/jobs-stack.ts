import * as path from 'node:path';
import { type JobDefinition, POST_PUBLISHER_JOB } from '@shared/jobs';
import {
  Annotations,
  CfnOutput,
  type CfnResource,
  type CustomResource,
  type CustomResourceProvider,
  Duration,
  Size,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as triggers from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { BackendAccess, type BackendAccessProps } from '../constructs/backend-access';
import { deadLetterQueue } from '../constructs/dead-letters';
import { DiscoveryCardRefresher } from '../constructs/discovery-cards';
import { FollowMailSender, type FollowMailSending } from '../constructs/follow-mail';
import { PostSchedules } from '../constructs/post-schedules';
import { boundTriggerProviderLogs } from '../constructs/provider-logs';
import type { Capabilities } from '../route-capabilities';
import type { StatefulStack } from './stateful-stack';

/** Props of {@link JobsStack}. */
export interface JobsStackProps extends StackProps, BackendAccessProps {
  /** The job manifest (`jobs` from shared/src/jobs.ts). */
  readonly jobs: readonly JobDefinition[];
  /** Folder holding `<job id>/handler.ts` for every job. */
  readonly jobsDir: string;
  /** What each job's function may touch, by job id (`jobCapabilities`). */
  readonly capabilities: Readonly<Record<string, Capabilities>>;
  /** How the follow-mail consumer shares the stage's SES rate (`updates.mailRatePerSecond`). */
  readonly followMailSending: FollowMailSending;
}

/**
 * Permissions a job needs beyond the shared backend ones, by job id. Only the register refresh writes the
 * register index (everyone else only reads it).
 */
const JOB_GRANTS: Readonly<Record<string, (fn: AppFunction, stateful: StatefulStack) => void>> = {
  'refresh-register': (fn, stateful) => fn.role.addManagedPolicy(stateful.registerPublishPolicy.policy),
};

/**
 * One Lambda function and one EventBridge schedule rule per entry of the job manifest, with the memory,
 * `/tmp` size and timeout the manifest asks for. Jobs get the same environment and permissions as the API
 * functions (a sweep deletes accounts as the API does), plus their own extra grants ({@link JOB_GRANTS}).
 * No VPC: the register refresh downloads the Commission's extract from the public internet, which a Lambda
 * function outside a VPC can reach without a NAT gateway.
 */
export class JobsStack extends Stack {
  /** The function of each job, by job id. */
  public readonly functions: ReadonlyMap<string, AppFunction>;
  /** Runs the register refresh once, when the stack is first deployed (registerSource `extract`). */
  public readonly registerBuild?: triggers.Trigger;
  /**
   * Where failed runs go: the failure destination of every job (the event, the error and its stack, after
   * one retry) and the dead-letter queue of the schedule rules (events EventBridge could not deliver). The
   * ops stack alarms on its depth.
   */
  public readonly failedRuns: sqs.Queue;
  /** The follow-mail queue's consumer (the queue is the stateful stack's, `stateful.followMail`). */
  public readonly followMailSender: FollowMailSender;
  /** The table stream's consumer that keeps the discovery cards in step (issue 45). */
  public readonly discoveryCards: DiscoveryCardRefresher;
  /** The scheduled posts' schedule group and invoke role, targeting the publisher job (when the manifest has it). */
  public readonly postSchedules?: PostSchedules;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    if (props.jobs.length === 0) {
      // CloudFormation refuses a stack without resources.
      throw new Error('The job manifest is empty: the jobs stack needs at least one job.');
    }
    const functions = new Map<string, AppFunction>();
    const access = new BackendAccess(this, 'BackendAccess', props);

    this.failedRuns = deadLetterQueue(
      this,
      'FailedRuns',
      'the dead-letter queue and failure destination of the jobs',
    );

    for (const job of props.jobs) {
      const fn = new AppFunction(this, job.id, {
        invocation: 'async',
        entry: path.join(props.jobsDir, job.id, 'handler.ts'),
        serviceName: job.id,
        description: `Scheduled ${job.schedule}: ${job.summary}`.slice(0, 256),
        timeout: Duration.seconds(job.timeoutSeconds ?? 60),
        memorySize: job.memoryMb,
        ephemeralStorageSize:
          job.ephemeralStorageMb === undefined ? undefined : Size.mebibytes(job.ephemeralStorageMb),
      });
      const capabilities = props.capabilities[job.id];
      if (!capabilities)
        throw new Error(`Job ${job.id} declares no capabilities: add it to jobCapabilities.`);
      access.bind(fn, capabilities);
      JOB_GRANTS[job.id]?.(fn, props.stateful);
      // One retry (a long register refresh is not run three times over), then the failure is kept and alarmed on.
      fn.function.configureAsyncInvoke({
        retryAttempts: 1,
        maxEventAge: Duration.hours(6),
        onFailure: new SqsDestination(this.failedRuns),
      });
      Validations.of(fn.function).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          'The job has an on-failure destination (the FailedRuns queue), which keeps the error with the event; a dead-letter queue would keep only the event.',
      });
      new events.Rule(this, `${job.id}Schedule`, {
        description: job.summary.slice(0, 512),
        schedule: events.Schedule.expression(job.schedule),
        // Failed deliveries are retried briefly, then kept in FailedRuns; the next run catches up.
        targets: [
          new targets.LambdaFunction(fn.function, {
            retryAttempts: 2,
            maxEventAge: Duration.hours(1),
            deadLetterQueue: this.failedRuns,
          }),
        ],
      });
      functions.set(job.id, fn);
      new CfnOutput(this, `${job.id}FunctionName`, {
        description:
          'Run the job now: aws lambda invoke --function-name <this value> --invocation-type Event out.json',
        value: fn.function.functionName,
      });
    }
    this.functions = functions;

    // Each scheduled post's one-off schedule invokes the publisher at its time (decision 20.1).
    const publisher = functions.get(POST_PUBLISHER_JOB);
    if (publisher)
      this.postSchedules = new PostSchedules(this, 'PostSchedules', { target: publisher.function });

    // Background work beside the jobs: the follow-mail queue's consumer, with the jobs' environment.
    this.followMailSender = new FollowMailSender(this, 'FollowMailSender', {
      queue: props.stateful.followMail.queue,
      access,
      sending: props.followMailSending,
    });

    // The discovery cards, rebuilt from the table's stream (issue 45, decision 21.2).
    this.discoveryCards = new DiscoveryCardRefresher(this, 'DiscoveryCards', {
      table: props.stateful.table,
      access,
    });

    // The register index is empty until the refresh has run once: build it on the stack's first deploy
    // (asynchronously: the download and build take minutes), instead of waiting for 06:30 UTC.
    const refresh = functions.get('refresh-register');
    if (refresh && props.registerSource === 'extract') {
      this.registerBuild = firstDeployAsyncInvoke(this, 'BuildRegisterOnFirstDeploy', refresh);
      boundTriggerProviderLogs(this, RetentionDays.ONE_MONTH);
    }
  }
}

/**
 * A CDK trigger that invokes `fn` once, on the stack's first deploy, asynchronously and **unqualified**: the
 * event goes through the function's own asynchronous invocation settings (`configureAsyncInvoke`, which
 * apply to the unqualified function: one retry, then the FailedRuns destination and its alarm), as a
 * scheduled run does. A plain Trigger invokes the function's current version, which has no such settings
 * (two retries, then the event is dropped). The trigger's provider may invoke exactly that function.
 */
function firstDeployAsyncInvoke(stack: Stack, id: string, fn: AppFunction): triggers.Trigger {
  const trigger = new triggers.Trigger(stack, id, {
    handler: fn.function,
    invocationType: triggers.InvocationType.EVENT,
    executeOnHandlerChange: false,
    executeAfter: [fn],
  });
  const resource = trigger.node.defaultChild as CustomResource;
  (resource.node.defaultChild as CfnResource).addPropertyOverride('HandlerArn', fn.function.functionArn);
  const provider = stack.node.tryFindChild(TRIGGER_PROVIDER_ID) as CustomResourceProvider | undefined;
  if (!provider)
    throw new Error(`The trigger provider ${TRIGGER_PROVIDER_ID} was not found in ${stack.stackName}.`);
  provider.addToRolePolicy({
    Effect: 'Allow',
    Action: ['lambda:InvokeFunction'],
    Resource: [fn.function.functionArn],
  });
  // The Trigger construct still makes the function's current version (it reads `currentVersion`); nothing
  // invokes it. The schedule rule's permission is on the unqualified function, which is what it invokes.
  Annotations.of(fn.function).acknowledgeWarning(
    '@aws-cdk/aws-lambda:addPermissionsToVersionOrAlias',
    'The schedule and the first-deploy trigger invoke the unqualified function; the version is unused.',
  );
  return trigger;
}

/** The id aws-cdk-lib gives the (per-stack) provider of its triggers. */
const TRIGGER_PROVIDER_ID = 'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider';
