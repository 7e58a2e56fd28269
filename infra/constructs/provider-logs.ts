import { type CfnResource, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Construct id of aws-cdk-lib's trigger provider (a `CustomResourceProvider` singleton per stack). */
const TRIGGER_PROVIDER_ID = 'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider';

/**
 * Gives the trigger provider's function (aws-cdk-lib's, made of plain CfnResources with no logging option) a
 * log group of its own with a retention, made before the function: Lambda would otherwise make one that
 * never expires on its first run. Call after the stack's triggers are made.
 */
export function boundTriggerProviderLogs(stack: Stack, retention: RetentionDays): LogGroup | undefined {
  const provider = stack.node.tryFindChild(TRIGGER_PROVIDER_ID);
  const handler = provider?.node.tryFindChild('Handler') as CfnResource | undefined;
  if (!handler) return undefined;
  const logGroup = new LogGroup(stack, 'TriggerProviderLogs', {
    retention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
  handler.node.addDependency(logGroup);
  return logGroup;
}
