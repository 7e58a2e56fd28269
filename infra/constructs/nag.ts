import { DefaultStackSynthesizer, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

/**
 * Renders a resource the way cdk-nag names it in an `AwsSolutions-IAM5[Resource::...]` finding (its
 * flattenCfnReference: Ref -> `<Id>`, GetAtt -> `<Id.Attr>`, joins concatenated), so acknowledgements are
 * written from the same value that goes into the policy instead of copied from a synth report.
 */
function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const o = node as Record<string, unknown>;
    if (Array.isArray(o['Fn::Join'])) {
      const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if ('Fn::Sub' in o) return flatten(o['Fn::Sub']);
    if (Array.isArray(o['Fn::GetAtt'])) {
      const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if ('Fn::ImportValue' in o) return flatten(o['Fn::ImportValue']);
    if ('Ref' in o) return `<${flatten(o.Ref)}>`;
  }
  return JSON.stringify(node);
}

/** Acknowledges the IAM5 wildcard finding for one policy resource (an ARN string, tokens allowed). */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  const rendered = flatten(Stack.of(scope).resolve(resource));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${rendered}]`, reason });
}

/** Acknowledges the IAM5 wildcard finding for one action such as `s3:List*`. */
export function acknowledgeWildcardAction(scope: IConstruct, action: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Action::${action}]`, reason });
}

/**
 * Acknowledges the findings on the handler CDK's BucketDeployment adds to a stack (one singleton function
 * shared by every deployment in the stack, writing to `destinations`). Its code, runtime and role are
 * aws-cdk-lib's, not ours.
 */
export function acknowledgeBucketDeploymentHandler(stack: Stack, destinations: readonly IBucket[]): void {
  const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) return;
  const ack = (id: string, reason: string) => Validations.of(handler).acknowledge({ id, reason });
  ack(
    'AwsSolutions-L1',
    "CDK's BucketDeployment handler: its runtime is pinned by aws-cdk-lib (with the AWS CLI layer) and cannot be chosen here.",
  );
  ack(
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "CDK's BucketDeployment handler role: the managed policy only allows CloudWatch Logs writes; the role is created by aws-cdk-lib.",
  );
  const copyReason =
    "CDK's BucketDeployment handler copies the build from the CDK asset bucket into the site bucket and prunes old files; these wildcards are aws-cdk-lib's fixed grant on exactly those two buckets.";
  for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
    acknowledgeWildcardAction(handler, action, copyReason);
  }
  // The CDK asset bucket of the bootstrap this stack deploys with: its qualifier is the synthesizer's (from
  // the `@aws-cdk/core:bootstrapQualifier` context key, or the default hnb659fds).
  const qualifier =
    stack.synthesizer instanceof DefaultStackSynthesizer
      ? (stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER)
      : DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const agnostic = Token.isUnresolved(stack.region);
  const partition = agnostic ? '<AWS::Partition>' : stack.partition;
  const region = agnostic ? '<AWS::Region>' : stack.region;
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  ack(
    `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-${account}-${region}/*]`,
    copyReason,
  );
  for (const bucket of destinations)
    acknowledgeWildcardResource(handler, bucket.arnForObjects('*'), copyReason);
  ack(
    'AwsSolutions-IAM5[Resource::*]',
    'CloudFront CreateInvalidation/GetInvalidation have no resource-level permissions; the handler invalidates the site distribution after a deploy.',
  );
  // cdk-nag's Serverless pack on the same handler.
  ack(
    'Serverless-LambdaLatestVersion',
    "CDK's BucketDeployment handler: its runtime is pinned by aws-cdk-lib (with the AWS CLI layer) and cannot be chosen here.",
  );
  ack(
    'Serverless-LambdaDLQ',
    "CDK's BucketDeployment handler is invoked synchronously by CloudFormation, which reports its failure as the deploy's.",
  );
  ack(
    'Serverless-LambdaTracing',
    "CDK's BucketDeployment handler runs once per deploy; its tracing is aws-cdk-lib's to set, and a failure fails the deploy.",
  );
}
