import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * A queue that keeps what failed every try (a dead-letter queue or an on-failure destination) for an operator:
 * 14 days, SSE-SQS, TLS only, and alarmed on by the ops stack. It has no dead-letter queue of its own (the
 * cdk-nag findings for that are acknowledged with `whatFails`, which says whose failures it keeps).
 */
export function deadLetterQueue(scope: Construct, id: string, whatFails: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    enforceSSL: true,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
  });
  for (const rule of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
    Validations.of(queue).acknowledge({
      id: rule,
      reason: `This queue is itself ${whatFails}; an operator reads it after the alarm on its depth.`,
    });
  }
  return queue;
}
