import * as path from 'node:path';
import { Duration, RemovalPolicy, type Size, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { functionBundling, LAMBDA_NODE_MAJOR } from './function-bundling';

/** Props of {@link AppFunction}. */
export interface AppFunctionProps {
  /** Absolute path of the handler module; it must export `handler`. */
  readonly entry: string;
  /** Service name for structured logs (a route or job id); becomes `SERVICE_NAME`. */
  readonly serviceName: string;
  /** One-line description shown in the Lambda console. */
  readonly description?: string;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** @default 512 MB (more memory also means more CPU, which shortens cold starts) */
  readonly memorySize?: number;
  /** Size of `/tmp`. @default 512 MiB (Lambda's minimum, included in the price) */
  readonly ephemeralStorageSize?: Size;
  /** Extra environment variables. */
  readonly environment?: Record<string, string>;
  /** @default one month */
  readonly logRetention?: RetentionDays;
  /**
   * How the function is invoked. `sync` (API Gateway, Cognito, a CDK trigger): the caller sees the failure,
   * so there is no dead-letter queue or failure destination (the cdk-nag Serverless findings for them are
   * acknowledged here). `async` (EventBridge schedules): the owner must add both (the jobs stack does).
   * `queue` (an SQS event source): Lambda's poller invokes it synchronously; a failed message returns to its
   * queue, whose redrive policy keeps it in a dead-letter queue (the owner makes both). `stream` (a DynamoDB
   * stream event source): invoked synchronously too; the owner gives the event source an on-failure queue.
   * @default 'sync'
   */
  readonly invocation?: 'sync' | 'async' | 'queue' | 'stream';
  /** Reserved concurrency (a floor and a ceiling; see infra/concurrency.ts). @default none */
  readonly reservedConcurrentExecutions?: number;
  /**
   * Description of the published version (`currentVersion`, a route's release). A version is a snapshot of
   * the configuration, and its logical id changes only with the template: a value that changes at deploy
   * time alone (a stack parameter, such as the origin secret's revision) must be named here, so that a new
   * value publishes a new version, and the alias moves to one that has it.
   */
  readonly versionDescription?: string;
}

/** The Lambda runtime of every function: Node.js {@link LAMBDA_NODE_MAJOR} (the bundles' esbuild target). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
if (LAMBDA_RUNTIME.name !== `nodejs${LAMBDA_NODE_MAJOR}.x`) {
  throw new Error(
    `LAMBDA_RUNTIME ${LAMBDA_RUNTIME.name} and LAMBDA_NODE_MAJOR ${LAMBDA_NODE_MAJOR} disagree.`,
  );
}

/** CloudWatch namespace of the business metrics (lambdas/lib/metrics.ts) and of the alarms that watch them. */
export const METRICS_NAMESPACE = 'Kindred';

/**
 * One of our Node.js Lambda functions with the house defaults: newest Node runtime on ARM64, bundled by
 * the local esbuild (never Docker) to minified, code-split ESM with source maps (shipped, not loaded by
 * default; see `function-bundling.ts`), its own log group with a retention,
 * and its own role that may write only to that log group (no AWS managed policy). Everything else is
 * granted by the stack that owns it.
 */
export class AppFunction extends Construct implements iam.IGrantable {
  /** The function itself. */
  public readonly function: LambdaFunction;
  /** The function's log group. */
  public readonly logGroup: LogGroup;
  /** The function's execution role. */
  public readonly role: iam.Role;
  public readonly grantPrincipal: iam.IPrincipal;
  /** The service name (`SERVICE_NAME`, the `service` dimension of its metrics). */
  public readonly serviceName: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.serviceName = props.serviceName;

    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs of a stateless function are not worth blocking a stack deletion for.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.serviceName}`,
    });
    // Instead of AWSLambdaBasicExecutionRole (logs:* on every log group): this log group only.
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      // The bundle's folder: index.mjs (exports `handler`), its chunks and their source maps.
      code: Code.fromAsset(path.dirname(props.entry), functionBundling(props.entry)),
      handler: 'index.handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      ephemeralStorageSize: props.ephemeralStorageSize,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      role: this.role,
      logGroup: this.logGroup,
      // Where a version is published (a route's release): the one a release replaced is deleted once the
      // stack update succeeds, so versions do not pile up (a rolled-back update still finds it).
      currentVersionOptions: { removalPolicy: RemovalPolicy.DESTROY, description: props.versionDescription },
      // Platform (START/END/REPORT) and application lines as JSON, so Logs Insights can query every field.
      loggingFormat: LoggingFormat.JSON,
      // X-Ray: the Lambda service records every invocation; Powertools Tracer adds our own subsegments.
      tracing: Tracing.ACTIVE,
      environment: {
        SERVICE_NAME: props.serviceName,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        // No NODE_OPTIONS=--enable-source-maps: loading the map costs every cold start (about 15 ms). The
        // maps ship beside the bundle (index.mjs.map, chunks/*.mjs.map); set NODE_OPTIONS=--enable-source-maps on a function
        // while debugging, or map a logged stack with the map from the asset.
        // Keep-alive is the SDK v3 default; set explicitly so nobody wonders.
        AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
        ...props.environment,
      },
    });
    this.grantPrincipal = this.function.grantPrincipal;

    // Active tracing adds xray:PutTraceSegments/PutTelemetryRecords, which have no resource-level permissions.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray PutTraceSegments and PutTelemetryRecords (active tracing) support no resource-level permissions.',
    });
    const invocation = props.invocation ?? 'sync';
    if (invocation !== 'async') {
      const reason =
        invocation === 'queue'
          ? `${props.serviceName} is invoked synchronously by its SQS event source: a failed message returns to its queue and, after its tries, to that queue's dead-letter queue.`
          : invocation === 'stream'
            ? `${props.serviceName} is invoked synchronously by its DynamoDB stream event source: a failed batch is tried again and, after its tries, its records go to the event source's on-failure queue.`
            : `${props.serviceName} is invoked synchronously (API Gateway, Cognito or a CDK trigger): the caller gets the error; there is no asynchronous event to keep.`;
      for (const id of ['Serverless-LambdaDLQ', 'Serverless-LambdaAsyncFailureDestination']) {
        Validations.of(this.function).acknowledge({ id, reason });
      }
    }
  }
}
