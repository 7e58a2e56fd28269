import type { RouteDefinition } from '@shared/api/routes';
import { CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as triggers from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import { ORIGIN_DIGESTS_ENV } from '../../lambdas/lib/edge';
import { ApiStage } from '../constructs/api-stage';
import { AppFunction } from '../constructs/app-function';
import { BackendAccess, type BackendAccessProps } from '../constructs/backend-access';
import { MailSuppressionRecorder } from '../constructs/mail-suppressions';
import { boundTriggerProviderLogs } from '../constructs/provider-logs';
import { bindTable } from '../constructs/table-binding';
import { originDigestsEntry, seedDataEntry } from '../paths';
import type { Capabilities } from '../route-capabilities';
import { shardRoutes } from '../route-shards';
import { RouteShard } from './route-shard';
import { originSecretVersionParameter } from './web-stack';

/** Props of {@link ApiStack}. */
export interface ApiStackProps extends StackProps, BackendAccessProps {
  /** The HTTP API (owned by the web stack) the routes are added to. */
  readonly httpApi: apigw.IHttpApi;
  /** The secret CloudFront sends to the API (web stack); every route function refuses requests without it. */
  readonly originSecret: ISecret;
  /** The route manifest (`routeList`). */
  readonly routes: readonly RouteDefinition[];
  /** Folder holding `<route id>/handler.ts` for every route. */
  readonly functionsDir: string;
  /** What each route's function may touch, by route id (`routeCapabilities`); each gets exactly that. */
  readonly capabilities: Readonly<Record<string, Capabilities>>;
  /**
   * Complete ARN of the Secrets Manager secret holding the Stripe secret key (the key itself, or JSON with a
   * `secretKey` field). Without it the stack deploys and payment setup answers "temporarily unavailable".
   */
  readonly paymentsSecretArn?: string;
  /**
   * Complete ARN of the secret holding the Stripe webhook signing secrets (JSON: `platformWebhookSecret`,
   * `connectWebhookSecret`). Without it the webhook routes answer 5xx and Stripe retries for three days.
   */
  readonly webhookSecretsArn?: string;
  /** Route ids by shard name. @default ROUTE_SHARDS (infra/route-shards.ts) */
  readonly routeShards?: Readonly<Record<string, readonly string[]>>;
  /** Reserved concurrency by route id (infra/concurrency.ts); routes not named reserve nothing. */
  readonly reservedConcurrency?: ReadonlyMap<string, number>;
}

/** A complete Secrets Manager secret ARN (with the six-character suffix Secrets Manager adds to the name). */
export const SECRET_ARN_PATTERN =
  /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+-[A-Za-z0-9]{6}$/;

/**
 * One Lambda function and one HTTP API route per entry of the route manifest, in nested {@link RouteShard}s
 * by route group (`ROUTE_SHARDS`, at most `ROUTES_PER_SHARD` routes each), each function released to its
 * `live` alias by CodeDeploy canary. Routes whose auth is not `public` require a valid Cognito ID token of
 * either app client (the JWT authorizer, made here once); which kind of user may call what is then checked
 * by the handler from the `custom:user_type` claim.
 *
 * Also the deploy-time seed: a function writing the reference data (page templates) into the table, run by a
 * CDK trigger after every deploy that changes it (its code, hence the templates, or its configuration). It
 * lives here because this stack is deployed with every code change and reaches the table without a cycle.
 */
export class ApiStack extends Stack {
  /** The function of each route, by route id (each lives in its shard). */
  public readonly functions: ReadonlyMap<string, AppFunction>;
  /** The nested stacks holding the routes, by route group (infra/route-shards.ts). */
  public readonly shards: readonly RouteShard[];
  /** The HTTP API's `$default` stage (per-route throttles, access logs). */
  public readonly stage: ApiStage;
  /** The seed-data function. */
  /** Answers CloudFormation the origin secret's digests (see {@link originSecretDigests}). */
  public readonly originDigests: AppFunction;
  public readonly seedData: AppFunction;
  /** The trigger that runs {@link seedData} after a deploy. */
  public readonly seedTrigger: triggers.Trigger;
  /** Records bounces and complaints of the configuration set as suppressions. */
  public readonly mailSuppressions: MailSuppressionRecorder;
  private readonly access: BackendAccess;
  private readonly capabilities: Readonly<Record<string, Capabilities>>;
  private paymentsSecretBound = false;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stateful } = props;

    const access = new BackendAccess(this, 'BackendAccess', props);

    // One JWT authorizer (either app client's ID token) for every non-public route of every shard.
    const { userPool, charityClient, donorClient } = stateful;
    const cognitoAuthorizer = new apigw.HttpAuthorizer(this, 'CognitoAuthorizer', {
      httpApi: props.httpApi,
      authorizerName: 'CognitoAuthorizer',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [charityClient.userPoolClientId, donorClient.userPoolClientId],
      jwtIssuer: `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
    });
    const authorizer: apigw.IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: cognitoAuthorizer.authorizerId, authorizationType: 'JWT' }),
    };

    const originSecretVersion = originSecretVersionParameter(this);
    this.originDigests = new AppFunction(this, 'OriginDigests', {
      entry: originDigestsEntry,
      serviceName: 'origin-digests',
      description:
        'Answers CloudFormation the digests of the origin secret (the route functions compare them).',
      timeout: Duration.seconds(30),
    });
    const originDigests = this.originSecretDigests(props.originSecret, originSecretVersion.valueAsString);
    this.capabilities = props.capabilities;
    this.shards = [...shardRoutes(props.routes, props.routeShards)].map(
      ([name, routes]) =>
        new RouteShard(this, `Routes${name}`, {
          description: `Kindred: the ${name} routes (functions, releases, HTTP routes)`,
          routes,
          httpApi: props.httpApi,
          authorizer,
          access,
          capabilities: props.capabilities,
          functionsDir: props.functionsDir,
          reservedConcurrency: props.reservedConcurrency,
          // A rotation changes only this parameter (and so the digests): each function's configuration
          // changes, and so must its published version, or the live alias would keep the old digests.
          releaseRevision: originSecretVersion.valueAsString,
          environment: {
            // Digests of the accepted header values, not the secret: a plain value, no dynamic reference, so
            // a template's count of them (CloudFormation allows 60) does not grow with its routes.
            [ORIGIN_DIGESTS_ENV]: originDigests,
          },
        }),
    );
    const functions = new Map<string, AppFunction>();
    for (const shard of this.shards) for (const [id, fn] of shard.functions) functions.set(id, fn);
    this.functions = functions;
    this.stage = new ApiStage(this, 'DefaultStage', {
      httpApi: props.httpApi,
      routes: props.routes,
      // The routes' settings name routes of every shard: the stage waits for all of them.
      after: this.shards,
    });
    this.access = access;
    if (props.paymentsSecretArn) this.connectPaymentsSecret(props.paymentsSecretArn);
    if (props.webhookSecretsArn) {
      if (!SECRET_ARN_PATTERN.test(props.webhookSecretsArn))
        throw new Error(
          `The Stripe webhook secret must be a complete Secrets Manager ARN, not '${props.webhookSecretsArn}'.`,
        );
      for (const [id, fn] of this.functions)
        if (this.capabilities[id]?.secrets?.includes('webhooks'))
          access.bindWebhookSecrets(fn, props.webhookSecretsArn);
    }

    this.mailSuppressions = new MailSuppressionRecorder(this, 'MailSuppressions', { stateful });

    this.seedData = new AppFunction(this, 'SeedData', {
      entry: seedDataEntry,
      serviceName: 'seed-data',
      description:
        'Writes the page templates into the table; run by a CDK trigger after a deploy that changes it.',
      timeout: Duration.seconds(30),
    });
    // TABLE_NAME and item access to the table: all the seed needs (it only batch-writes the templates).
    bindTable(this.seedData.function, stateful.tableRef);
    this.seedTrigger = new triggers.Trigger(this, 'SeedDataTrigger', {
      handler: this.seedData.function,
      // Bound to the function's current version: re-runs whenever its code or configuration changes.
      executeOnHandlerChange: true,
      // After the function's role and table grant exist (and, through the stack dependency, the table).
      executeAfter: [this.seedData],
      timeout: Duration.minutes(2),
    });
    // The trigger's provider (aws-cdk-lib's CustomResourceProvider singleton: a Lambda on the current Node
    // runtime, AWSLambdaBasicExecutionRole, lambda:InvokeFunction on this function's versions) is made of plain
    // CfnResources, which cdk-nag's rules (instanceof CfnRole/CfnFunction) do not inspect: nothing to
    // acknowledge. api-stack.test.ts pins its runtime and grant instead. Its logs expire like the functions'.
    boundTriggerProviderLogs(this, RetentionDays.ONE_MONTH);
  }

  /**
   * The digests of the origin secret's values (`Custom::OriginSecretDigests`, lambdas/deploy/origin-digests):
   * read from Secrets Manager at deploy time by a function CloudFormation invokes, on create and whenever the
   * secret's revision parameter changes (a rotation), as a dynamic reference would be re-read. Only this
   * function can read the secret; the route functions get the digests.
   */
  private originSecretDigests(secret: ISecret, revision: string): string {
    const fn = this.originDigests;
    secret.grantRead(fn.function);
    const resource = new CustomResource(this, 'OriginSecretDigests', {
      serviceToken: fn.function.functionArn,
      resourceType: 'Custom::OriginSecretDigests',
      properties: { SecretId: secret.secretArn, Revision: revision },
    });
    // The grant lands in the role's default policy, which the function (so the resource) depends on.
    return resource.getAttString('Digests');
  }

  /**
   * Gives the routes that call the payment provider (and only those) the Stripe secret: its ARN in their
   * environment and `secretsmanager:GetSecretValue` on exactly that secret. Called for the `paymentsSecretArn`
   * prop, or by `bin/app.ts` from the `stripeSecretArn` context key.
   */
  public connectPaymentsSecret(secretArn: string): void {
    if (!SECRET_ARN_PATTERN.test(secretArn)) {
      throw new Error(
        `The Stripe secret must be a complete Secrets Manager ARN (arn:aws:secretsmanager:<region>:<account>:secret:<name>-AbCdEf), not '${secretArn}'.`,
      );
    }
    if (this.paymentsSecretBound) throw new Error('The Stripe secret is already configured.');
    this.paymentsSecretBound = true;
    for (const [id, fn] of this.functions) {
      if (this.capabilities[id]?.secrets?.includes('payments')) this.access.bindPaymentsSecret(fn, secretArn);
    }
  }
}
