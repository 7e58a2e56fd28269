import * as path from 'node:path';
import type { RouteDefinition } from '@shared/api/routes';
import { Duration, NestedStack, type NestedStackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import type { BackendAccess } from '../constructs/backend-access';
import { RouteRelease } from '../constructs/route-release';
import { backendSecretRevisionParameter } from '../constructs/user-pool-firewall';
import type { Capabilities } from '../route-capabilities';

/** Props of {@link RouteShard}. */
export interface RouteShardProps extends NestedStackProps {
  readonly routes: readonly RouteDefinition[];
  readonly httpApi: apigw.IHttpApi;
  /** The JWT authorizer of the non-public routes (made once, in the API stack). */
  readonly authorizer: apigw.IHttpRouteAuthorizer;
  readonly access: BackendAccess;
  /** What each route's function may touch, by route id. */
  readonly capabilities: Readonly<Record<string, Capabilities>>;
  /** Folder holding `<route id>/handler.ts`. */
  readonly functionsDir: string;
  /** Environment every route function gets besides the backend's (the origin secret's two values). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * What changes at deploy time only and must publish new versions (the origin secret's revision): written
   * into each version's description (see `AppFunctionProps.versionDescription`).
   */
  readonly releaseRevision: string;
  readonly reservedConcurrency?: ReadonlyMap<string, number>;
}

/**
 * A nested stack of the API stack holding some of the manifest's routes, each with everything it is made of:
 * its function, the release that publishes a version of it and moves the `live` alias by CodeDeploy canary
 * ({@link RouteRelease}), and its HTTP route, which calls the alias. Nested, so the API stack stays one
 * deployable unit (`cdk deploy Kindred-<stage>-Api` releases every route) while no template nears 500
 * resources.
 */
export class RouteShard extends NestedStack {
  /** The function of each route, by route id. */
  public readonly functions = new Map<string, AppFunction>();
  /** The release (version, alias, deployment group, rollback alarm) of each route, by route id. */
  public readonly releases = new Map<string, RouteRelease>();
  /** The HTTP routes (the `$default` stage's route settings name them). */
  public readonly httpRoutes: apigw.HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: RouteShardProps) {
    super(scope, id, props);
    const application = new codedeploy.LambdaApplication(this, 'Releases');
    const releaseRole = new iam.Role(this, 'ReleaseRole', {
      assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'CodeDeploy: moves the live aliases of the routes and reads their rollback alarms',
    });
    Validations.of(releaseRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason:
        "CodeDeploy's own policy for Lambda releases: update and read aliases, read alarms, publish to CodeDeployTopic_* and invoke CodeDeployHook_* functions only.",
    });

    for (const route of props.routes) {
      const capabilities = props.capabilities[route.id];
      if (!capabilities) {
        throw new Error(`Route ${route.id} declares no capabilities: add it to infra/route-capabilities.ts.`);
      }
      const fn = new AppFunction(this, route.id, {
        entry: path.join(props.functionsDir, route.id, 'handler.ts'),
        serviceName: route.id,
        description: `${route.method} ${route.path}: ${route.summary}`.slice(0, 256),
        timeout: Duration.seconds(route.timeoutSeconds ?? 10),
        memorySize: route.memoryMb,
        reservedConcurrentExecutions: props.reservedConcurrency?.get(route.id),
        versionDescription: `${route.id}, origin secret revision ${props.releaseRevision}${
          capabilities.userTokenCalls
            ? `, backend header revision ${backendSecretRevisionParameter(props.access).valueAsString}`
            : ''
        }`,
        environment: {
          ...props.environment,
          // Donors' first request must not pay for loading the X-Ray SDK (about 35-40 ms): public routes keep
          // Lambda's own trace of each invocation, without Powertools subsegments (docs/decisions).
          ...(route.auth === 'public' ? { POWERTOOLS_TRACE_ENABLED: 'false' } : {}),
        },
      });
      props.access.bind(fn, capabilities);
      this.functions.set(route.id, fn);
      const release = new RouteRelease(this, `${route.id}Release`, { fn, application, role: releaseRole });
      this.releases.set(route.id, release);

      const httpRoute = new apigw.HttpRoute(this, `${route.id}Route`, {
        httpApi: props.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, release.alias),
        authorizer: route.auth === 'public' ? undefined : props.authorizer,
      });
      this.httpRoutes.push(httpRoute);
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `Route ${route.id} is public by design in the route manifest (auth: 'public').`,
        });
      }
    }
  }
}
