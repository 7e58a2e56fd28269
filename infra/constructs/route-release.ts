import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { VERSION_DIMENSION } from '../../lambdas/lib/metrics';
import { type AppFunction, METRICS_NAMESPACE } from './app-function';

/** The alias API Gateway calls: a release moves it from one published version to the next. */
export const LIVE_ALIAS = 'live';

/** How a release reaches everyone: 10 % of requests for 5 minutes, then all (decision 18.10). */
export const RELEASE_CONFIG = codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/** One failure of the new version in a minute rolls the release back. */
export const RELEASE_ROLLBACK_THRESHOLD = 1;

/** Props of {@link RouteRelease}. */
export interface RouteReleaseProps {
  readonly fn: AppFunction;
  readonly application: codedeploy.ILambdaApplication;
  /** CodeDeploy's service role, shared by the shard's deployment groups. */
  readonly role: iam.IRole;
}

/**
 * Safe releases of one route's function: each change publishes a version, and CodeDeploy moves the `live`
 * alias to it, 10 % of requests for 5 minutes first ({@link RELEASE_CONFIG}). The gate is an alarm on the
 * *new* version only: Lambda's `Errors` (a crash, timeout or out of memory) and our `UnhandledErrors` (a
 * 500 answered by the pipeline, `lambdas/lib/metrics.ts`), both by executed version. In alarm, the alias
 * goes back and CloudFormation rolls the stack back. The first deploy creates the alias directly.
 */
export class RouteRelease extends Construct {
  public readonly alias: lambda.Alias;
  public readonly version: lambda.Version;
  public readonly rollbackAlarm: cloudwatch.Alarm;
  public readonly deploymentGroup: codedeploy.LambdaDeploymentGroup;

  constructor(scope: Construct, id: string, props: RouteReleaseProps) {
    super(scope, id);
    const { fn } = props;
    const functionName = fn.function.functionName;
    // A new logical id (so a new version) whenever the code or configuration changes; the version left
    // behind is deleted once the stack update succeeds (a rollback still finds it).
    this.version = fn.function.currentVersion;
    const perVersion = { period: Duration.minutes(1), statistic: 'Sum' };
    const crashes = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      dimensionsMap: {
        FunctionName: functionName,
        Resource: `${functionName}:${LIVE_ALIAS}`,
        ExecutedVersion: this.version.version,
      },
      ...perVersion,
    });
    const unhandled = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'UnhandledErrors',
      dimensionsMap: { service: fn.serviceName, [VERSION_DIMENSION]: this.version.version },
      ...perVersion,
    });
    this.rollbackAlarm = new cloudwatch.Alarm(this, 'RollbackAlarm', {
      alarmDescription: `${fn.serviceName}: the release's new version failed (a crash or a 500); CodeDeploy rolls it back.`,
      metric: new cloudwatch.MathExpression({
        expression: 'FILL(crashes, 0) + FILL(unhandled, 0)',
        usingMetrics: { crashes, unhandled },
        label: 'Failures of the new version',
        period: Duration.minutes(1),
      }),
      threshold: RELEASE_ROLLBACK_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.alias = new lambda.Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.version });
    this.deploymentGroup = new codedeploy.LambdaDeploymentGroup(this, 'Release', {
      application: props.application,
      alias: this.alias,
      role: props.role,
      deploymentConfig: RELEASE_CONFIG,
      alarms: [this.rollbackAlarm],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
    // The alarm watches the new version before the alias starts moving to it.
    this.alias.node.addDependency(this.rollbackAlarm);
  }
}
