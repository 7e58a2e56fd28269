import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Who hears about an alarm: an email address and, optionally, an HTTPS endpoint (a chat or on-call bridge). */
export interface AlarmRecipients {
  /** Subscribed by email; AWS mails a confirmation link that must be followed (docs/operating.md). */
  readonly email?: string;
  /** Subscribed over HTTPS; the endpoint must confirm SNS's SubscriptionConfirmation. */
  readonly httpsEndpoint?: string;
}

/** Props of {@link AlarmTopic}. */
export interface AlarmTopicProps extends AlarmRecipients {
  /** Let AWS Budgets publish too (the Ops stack's budget). @default false */
  readonly budgets?: boolean;
}

/**
 * An SNS topic alarms notify, in its stack's region (a CloudWatch alarm can only notify a topic of its own
 * region, so us-east-1's CloudFront and WAF alarms have a topic of their own there). A topic policy replaces
 * SNS's default one, so every publisher is named: this account's CloudWatch alarms in this region, and AWS
 * Budgets when asked.
 */
export class AlarmTopic extends Construct {
  public readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Kindred alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no personal data; CloudWatch and AWS Budgets cannot publish to a topic encrypted with the AWS managed SNS key, and a customer key costs more than it protects here.',
    });
    Validations.of(this.topic).acknowledge({
      id: 'Serverless-SNSRedrivePolicy',
      reason:
        'The subscribers are an email address and an optional HTTPS endpoint; SNS retries both itself, and an alarm that cannot be delivered is still visible in CloudWatch.',
    });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    if (props.httpsEndpoint)
      this.topic.addSubscription(new subscriptions.UrlSubscription(props.httpsEndpoint));
    if (props.budgets) {
      this.topic.addToResourcePolicy(
        new iam.PolicyStatement({
          sid: 'BudgetsPublish',
          principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
          actions: ['sns:Publish'],
          resources: [this.topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
        }),
      );
    }
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
          },
        },
      }),
    );
  }
}
