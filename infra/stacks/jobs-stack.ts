import * as path from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { JobDefinition } from '../../shared/src/jobs';
import { AppFunction } from '../constructs/app-function';
import { BackendAccess, type RegisterSource } from '../constructs/backend-access';
import type { StatefulStack } from './stateful-stack';

/** Props of {@link JobsStack}. */
export interface JobsStackProps extends StackProps {
  /** The stateful resources the jobs use. */
  readonly stateful: StatefulStack;
  /** Public site URL; links in emails are built from it. */
  readonly siteUrl: string;
  /** The job manifest (`jobs` from shared/src/jobs.ts). */
  readonly jobs: readonly JobDefinition[];
  /** Folder holding `<job id>/handler.ts` for every job. */
  readonly jobsDir: string;
  /** Charity register adapter. */
  readonly registerSource: RegisterSource;
  /** Secrets Manager secret name of the Charity Commission API key (registerSource `api`). */
  readonly registerApiKeySecretName?: string;
}

/**
 * One Lambda function and one EventBridge schedule rule per entry of the job manifest. Jobs get the same
 * environment and permissions as the API functions (a sweep deletes accounts as the API does).
 */
export class JobsStack extends Stack {
  /** The function of each job, by job id. */
  public readonly functions: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    const functions = new Map<string, AppFunction>();
    // No shared policy (and no empty managed policy) when there is no job yet.
    const access =
      props.jobs.length > 0
        ? new BackendAccess(this, 'BackendAccess', {
            stateful: props.stateful,
            siteUrl: props.siteUrl,
            registerSource: props.registerSource,
            registerApiKeySecretName: props.registerApiKeySecretName,
          })
        : undefined;

    for (const job of props.jobs) {
      const fn = new AppFunction(this, job.id, {
        entry: path.join(props.jobsDir, job.id, 'handler.ts'),
        serviceName: job.id,
        description: `Scheduled ${job.schedule}: ${job.summary}`.slice(0, 256),
        timeout: Duration.seconds(job.timeoutSeconds ?? 60),
      });
      access?.bind(fn);
      new events.Rule(this, `${job.id}Schedule`, {
        description: job.summary.slice(0, 512),
        schedule: events.Schedule.expression(job.schedule),
        // Failed deliveries are retried briefly; a run missed altogether is caught up by the next one.
        targets: [
          new targets.LambdaFunction(fn.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
        ],
      });
      functions.set(job.id, fn);
    }
    this.functions = functions;
  }
}
