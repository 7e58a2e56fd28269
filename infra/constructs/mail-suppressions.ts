import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { mailSuppressionEntry } from '../paths';
import type { StatefulStack } from '../stacks/stateful-stack';
import { AppFunction } from './app-function';
import { deadLetterQueue } from './dead-letters';
import { bindTable } from './table-binding';

/** Props of {@link MailSuppressionRecorder}. */
export interface MailSuppressionRecorderProps {
  /** Holds the table and the configuration set whose events are recorded. */
  readonly stateful: StatefulStack;
}

/**
 * Bounces and complaints reach the table: an EventBridge rule on the default bus matches SES's "Email
 * Bounced" and "Email Complaint Received" events of our configuration set and invokes a function that writes
 * a SUPPRESSION item per address (`lambdas/data/suppressions.ts`); the send path refuses those addresses.
 */
export class MailSuppressionRecorder extends Construct {
  /** The recording function. */
  public readonly fn: AppFunction;
  /** The EventBridge rule. */
  public readonly rule: events.Rule;
  /** Events the rule could not deliver after a day of retries (the ops stack alarms on its depth). */
  public readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: MailSuppressionRecorderProps) {
    super(scope, id);
    const { stateful } = props;
    this.fn = new AppFunction(this, 'Recorder', {
      entry: mailSuppressionEntry,
      serviceName: 'record-mail-suppression',
      description: 'Records SES bounces and complaints as suppressed addresses in the table.',
      timeout: Duration.seconds(10),
    });
    bindTable(this.fn.function, stateful.tableRef, 'readWrite');
    this.deadLetters = deadLetterQueue(
      this,
      'DeadLetters',
      'the dead-letter queue of the bounce/complaint rule',
    );
    this.rule = new events.Rule(this, 'Rule', {
      description: 'SES bounces and complaints of the Kindred configuration set',
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [stateful.mailConfigurationSetName] } } },
      },
      // EventBridge retries a failed invocation for up to a day.
      targets: [
        new targets.LambdaFunction(this.fn.function, {
          retryAttempts: 20,
          maxEventAge: Duration.hours(24),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
  }
}
