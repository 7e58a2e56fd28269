import type { RouteDefinition } from '@shared/api/route';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct, type IDependable } from 'constructs';

/** Steady rate and burst (requests per second) of one throttling bucket. */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * Throttling by kind of route. HTTP API keeps one bucket per route, so a flood of one public search cannot
 * use up another route's allowance; the public reads are capped lower than the signed-in routes so that,
 * together, they cannot take the Lambda concurrency the account routes need (see docs/operating.md, "Reserved
 * concurrency"). The per-address limits of the spec (sign-up, reset, client errors) are in the functions.
 */
export const ROUTE_THROTTLES = {
  /** Anything not listed below: the signed-in charity routes. */
  default: { rateLimit: 50, burstLimit: 100 },
  /** Public reads: the finder's search and details, explore, public pages, share pages, sitemap, health. */
  publicRead: { rateLimit: 20, burstLimit: 40 },
  /** Public doors that create or change accounts, send mail or take reports: sign-up, reset, client errors. */
  publicWrite: { rateLimit: 10, burstLimit: 20 },
} as const satisfies Record<string, Throttle>;

/** Public routes that read although they are POSTs (their input is a search). */
const POST_READS = new Set(['search-charities', 'get-charity-details']);

/** The throttle of one route of the manifest. */
export function routeThrottle(route: RouteDefinition): Throttle {
  if (route.auth !== 'public') return ROUTE_THROTTLES.default;
  return route.method === 'GET' || POST_READS.has(route.id)
    ? ROUTE_THROTTLES.publicRead
    : ROUTE_THROTTLES.publicWrite;
}

/** Props of {@link ApiStage}. */
export interface ApiStageProps {
  readonly httpApi: apigw.IHttpApi;
  readonly routes: readonly RouteDefinition[];
  /** The route resources: the stage's per-route settings name them, so it is created after them. */
  readonly after: readonly IDependable[];
}

/**
 * The `$default` stage of the HTTP API, auto-deployed, with JSON access logs (no headers, bodies or tokens)
 * and a throttle per route ({@link routeThrottle}). It lives beside the routes (API stack) because API Gateway
 * refuses route settings for routes that do not exist yet.
 */
export class ApiStage extends Construct {
  public readonly stage: apigw.HttpStage;

  constructor(scope: Construct, id: string, props: ApiStageProps) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'Stage', {
      httpApi: props.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: ROUTE_THROTTLES.default,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    const cfn = this.stage.node.defaultChild as apigw.CfnStage;
    cfn.routeSettings = Object.fromEntries(
      props.routes
        .filter((route) => routeThrottle(route) !== ROUTE_THROTTLES.default)
        .map((route) => {
          const t = routeThrottle(route);
          return [
            `${route.method} ${route.path}`,
            // RouteSettings is raw JSON to CDK: CloudFormation's own (capitalised) property names.
            { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit },
          ];
        }),
    );
    for (const dependency of props.after) this.stage.node.addDependency(dependency);
  }
}
