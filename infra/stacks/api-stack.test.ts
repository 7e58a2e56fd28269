import * as path from 'node:path';
import { type RouteDefinition, routeList } from '@shared/api/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { z } from 'zod';
import type { AppFunction } from '../constructs/app-function';
import { LIVE_ALIAS, RELEASE_ROLLBACK_THRESHOLD } from '../constructs/route-release';
import { ROUTE_SHARDS, ROUTES_PER_SHARD } from '../route-shards';
import { apiTemplate, fixturesDir, logicalIdOf, synthApp } from '../testing/synth-app';

/** Resources of one type, as [logicalId, properties]. */
function resourcesOf(template: Template, type: string): [string, Record<string, unknown>][] {
  return Object.entries(template.findResources(type)).map(([id, r]) => [id, r.Properties ?? {}]);
}

const ENV_KEYS = [
  'TABLE_NAME',
  'SERVICE_NAME',
  'USER_POOL_ID',
  'CHARITY_CLIENT_ID',
  'DONOR_CLIENT_ID',
  'MEDIA_BUCKET',
  'MEDIA_BASE_URL',
  'SES_SENDER',
  'SITE_URL',
  'REGISTER_SOURCE',
  'REGISTER_INDEX_BUCKET',
  'REGISTER_INDEX_PREFIX',
  'AWS_NODEJS_CONNECTION_REUSE_ENABLED',
];

/** Logical id of an AppFunction's Lambda function in its stack (the API stack or a route shard). */
function functionId(fn: AppFunction): string {
  return logicalIdOf(fn.function);
}

/** One synthesis of the real manifest, read by the first two groups below. */
const real = synthApp();

describe('api stack with the real route manifest', () => {
  const { api, stateful } = real;
  const template = apiTemplate(api);
  const resources = template.toJSON().Resources as Record<string, { Properties: Record<string, unknown> }>;
  /** Our own functions (AppFunction sets SERVICE_NAME), without the trigger provider of aws-cdk-lib. */
  const ownFunctions = () =>
    resourcesOf(template, 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Environment as { Variables?: Record<string, unknown> })?.Variables?.SERVICE_NAME,
    );

  it('has one function per manifest route plus the seed, the mail recorder and the origin digests, on the current Node runtime, ARM64, bundled as ESM', () => {
    const functions = ownFunctions();
    const extra = [api.seedData, api.mailSuppressions.fn, api.originDigests];
    expect(functions.map(([id]) => id).sort()).toEqual(
      [...[...api.functions.values(), ...extra].map((fn) => functionId(fn))].sort(),
    );
    expect(functions).toHaveLength(routeList.length + 3);
    for (const [, fn] of functions) {
      expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });

  it('gives each function the memory of its route (512 MB by default), 1024 MB for the register routes', () => {
    for (const route of routeList) {
      const props = resources[functionId(api.functions.get(route.id)!)]!.Properties;
      expect(props.MemorySize).toBe(route.memoryMb ?? 512);
    }
    for (const id of ['search-charities', 'get-charity-details']) {
      expect(resources[functionId(api.functions.get(id)!)]!.Properties.MemorySize).toBe(1024);
    }
  });

  it('tells the register functions where the index is', () => {
    const bucketId = stateful.getLogicalId(stateful.registerBucket.node.defaultChild as never);
    const search = resources[functionId(api.functions.get('search-charities')!)]!.Properties;
    const variables = (search.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.REGISTER_SOURCE).toBe('extract');
    expect(variables.REGISTER_INDEX_PREFIX).toBe('register');
    expect(JSON.stringify(variables.REGISTER_INDEX_BUCKET)).toContain(bucketId);
  });

  it('seeds the table after a deploy: a trigger runs the current version of the seed function', () => {
    const seedId = functionId(api.seedData);
    const seed = resources[seedId]!.Properties;
    expect(seed.Description).toMatch(/page templates/);
    expect((seed.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      SERVICE_NAME: 'seed-data',
      TABLE_NAME: expect.anything(),
    });
    const triggers = Object.entries(template.findResources('Custom::Trigger'));
    expect(triggers).toHaveLength(1);
    const [, trigger] = triggers[0]!;
    expect(trigger.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
    });
    // HandlerArn is the Ref of the seed function's current version (a new version, so a new run, on every change).
    const versionId = (trigger.Properties.HandlerArn as { Ref: string }).Ref;
    expect(resources[versionId]).toMatchObject({
      Type: 'AWS::Lambda::Version',
      Properties: { FunctionName: { Ref: seedId } },
    });
    // Runs only after the seed function's role and its table grant exist.
    const roleId = logicalIdOf(api.seedData.role);
    expect(trigger.DependsOn).toEqual(expect.arrayContaining([seedId, roleId, versionId]));
    expect((trigger.DependsOn as string[]).some((d) => d.startsWith('SeedDataRoleDefaultPolicy'))).toBe(true);
  });

  it('grants the seed function the table only (no shared backend policy)', () => {
    const roleId = logicalIdOf(api.seedData.role);
    expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(roleId),
    );
    expect(policies).toHaveLength(1);
    const actions = (
      policies[0]!.Properties.PolicyDocument.Statement as { Action: string | string[] }[]
    ).flatMap((s) => s.Action);
    expect(actions).toContain('dynamodb:BatchWriteItem');
    // Besides the table: its own log group and X-Ray (active tracing).
    expect(
      actions.every((a) => a.startsWith('dynamodb:') || a.startsWith('logs:') || a.startsWith('xray:')),
    ).toBe(true);
  });

  it("keeps the trigger provider (aws-cdk-lib's, invisible to cdk-nag) on the current runtime, invoking only the seed", () => {
    const providers = resourcesOf(template, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('AWSCDKTriggerCustomResourceProvider'),
    );
    expect(providers).toHaveLength(1);
    expect(providers[0]![1].Runtime).toBe('nodejs24.x');
    const roles = resourcesOf(template, 'AWS::IAM::Role').filter(([id]) =>
      id.startsWith('AWSCDKTriggerCustomResourceProvider'),
    );
    expect(roles).toHaveLength(1);
    expect(roles[0]![1].Policies).toEqual([
      {
        PolicyName: 'Inline',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Action: ['lambda:InvokeFunction'],
              Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [functionId(api.seedData), 'Arn'] }, ':*']] }],
            },
          ],
        },
      },
    ]);
  });

  it('names each function by its route id and gives it the backend environment', () => {
    for (const route of routeList) {
      const fn = api.functions.get(route.id);
      expect(fn).toBeDefined();
      const id = logicalIdOf(fn!.function);
      expect(id.startsWith(route.id.replace(/-/g, ''))).toBe(true);
      const variables = (template.toJSON().Resources[id].Properties.Environment.Variables ?? {}) as Record<
        string,
        unknown
      >;
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(ENV_KEYS));
      expect(variables.SERVICE_NAME).toBe(route.id);
      expect(variables.REGISTER_SOURCE).toBe('extract');
      // Source maps ship beside the bundle but are not loaded at every cold start.
      expect(variables.NODE_OPTIONS).toBeUndefined();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Timeout: route.timeoutSeconds ?? 10,
        Environment: { Variables: Match.objectLike({ SERVICE_NAME: route.id }) },
      });
    }
  });

  it('has one API route per manifest route, with the method and path of the manifest', () => {
    const routeKeys = resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.RouteKey);
    expect(routeKeys.sort()).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('gives every function its own log group with a retention (and the stage its access log)', () => {
    const groups = resourcesOf(template, 'AWS::Logs::LogGroup');
    // Every route function, the seed function, the mail-suppression recorder, the origin digests, the trigger
    // provider, and the $default stage's access logs (three months).
    expect(groups).toHaveLength(routeList.length + 5);
    expect(groups.filter(([, g]) => g.RetentionInDays === 30)).toHaveLength(routeList.length + 4);
    expect(groups.filter(([, g]) => g.RetentionInDays === 90)).toHaveLength(1);
  });
});

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
  UpdatePolicy?: unknown;
  DeletionPolicy?: string;
};

describe('route releases with the real manifest (issue 34, item 7)', () => {
  const { api } = real;
  const resources = apiTemplate(api).toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

  it('puts each route group in its named nested shard, at most ROUTES_PER_SHARD routes each, every route in one', () => {
    expect(api.shards.map((s) => s.node.id)).toEqual(
      Object.keys(ROUTE_SHARDS).map((name) => `Routes${name}`),
    );
    const placed = api.shards.flatMap((shard) => [...shard.functions.keys()]);
    expect([...placed].sort()).toEqual(routeList.map((r) => r.id).sort());
    for (const shard of api.shards) {
      expect(shard.functions.size).toBeLessThanOrEqual(ROUTES_PER_SHARD);
      expect(Object.keys(Template.fromStack(shard).toJSON().Resources).length).toBeLessThan(450);
    }
    // The parent holds the shards as AWS::CloudFormation::Stack resources, and no route function itself.
    const parent = Template.fromStack(api);
    parent.resourceCountIs('AWS::CloudFormation::Stack', api.shards.length);
    parent.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
  });

  it('publishes a version of every route function and points a live alias at it, deleted when replaced', () => {
    for (const route of routeList) {
      const release = api.shards.find((s) => s.releases.has(route.id))?.releases.get(route.id);
      expect(release).toBeDefined();
      const versionId = logicalIdOf(release!.version);
      const version = resources[versionId]!;
      expect(version.Type).toBe('AWS::Lambda::Version');
      expect(version.Properties.FunctionName).toEqual({
        Ref: logicalIdOf(api.functions.get(route.id)!.function),
      });
      expect(version.DeletionPolicy).toBe('Delete');
      const alias = resources[logicalIdOf(release!.alias)]!;
      expect(alias.Properties).toMatchObject({
        Name: LIVE_ALIAS,
        FunctionVersion: { 'Fn::GetAtt': [versionId, 'Version'] },
      });
      // The alias moves through CodeDeploy, after the rollback alarm watches the new version.
      const groupId = logicalIdOf(release!.deploymentGroup);
      expect(alias.UpdatePolicy).toMatchObject({
        CodeDeployLambdaAliasUpdate: { DeploymentGroupName: { Ref: groupId } },
      });
      expect(alias.DependsOn).toContain(logicalIdOf(release!.rollbackAlarm));
    }
  });

  it('releases 10 % for 5 minutes, rolling back on failure, a stop or the alarm', () => {
    const groups = ofType('AWS::CodeDeploy::DeploymentGroup');
    expect(groups).toHaveLength(routeList.length);
    for (const [, group] of groups) {
      expect(group.Properties).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
        AlarmConfiguration: { Enabled: true, Alarms: [expect.anything()] },
        AutoRollbackConfiguration: { Enabled: true },
      });
      const events = (group.Properties.AutoRollbackConfiguration as { Events: string[] }).Events;
      expect([...events].sort()).toEqual([
        'DEPLOYMENT_FAILURE',
        'DEPLOYMENT_STOP_ON_ALARM',
        'DEPLOYMENT_STOP_ON_REQUEST',
      ]);
    }
  });

  it("rolls back on the new version's crashes and 500s only (executed version, not the old one's)", () => {
    for (const route of routeList) {
      const release = api.shards.find((s) => s.releases.has(route.id))!.releases.get(route.id)!;
      const alarm = resources[logicalIdOf(release.rollbackAlarm)]!.Properties as {
        Threshold: number;
        EvaluationPeriods: number;
        TreatMissingData: string;
        Metrics: { Id: string; Expression?: string; MetricStat?: { Metric: Record<string, unknown> } }[];
      };
      expect(alarm).toMatchObject({
        Threshold: RELEASE_ROLLBACK_THRESHOLD,
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
      const newVersion = { 'Fn::GetAtt': [logicalIdOf(release.version), 'Version'] };
      const byName = Object.fromEntries(
        alarm.Metrics.filter((m) => m.MetricStat).map((m) => [
          m.MetricStat!.Metric.MetricName,
          m.MetricStat!.Metric,
        ]),
      );
      const dims = (name: string) =>
        Object.fromEntries(
          (byName[name]!.Dimensions as { Name: string; Value: unknown }[]).map((d) => [d.Name, d.Value]),
        );
      expect(byName.Errors!.Namespace).toBe('AWS/Lambda');
      expect(dims('Errors')).toMatchObject({ ExecutedVersion: newVersion });
      expect(JSON.stringify(dims('Errors').Resource)).toContain(`:${LIVE_ALIAS}`);
      expect(byName.UnhandledErrors!.Namespace).toBe('Kindred');
      expect(dims('UnhandledErrors')).toEqual({ service: route.id, version: newVersion });
      expect(alarm.Metrics.find((m) => m.Expression)?.Expression).toBe(
        'FILL(crashes, 0) + FILL(unhandled, 0)',
      );
    }
  });

  it('sends every request through the alias: the integration and the invoke permission name it', () => {
    const aliases = new Set(ofType('AWS::Lambda::Alias').map(([id]) => id));
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(routeList.length);
    for (const [, integration] of integrations) {
      expect(aliases.has((integration.Properties.IntegrationUri as { Ref: string }).Ref)).toBe(true);
    }
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(permissions).toHaveLength(routeList.length);
    for (const [, permission] of permissions) {
      expect(aliases.has((permission.Properties.FunctionName as { Ref: string }).Ref)).toBe(true);
    }
  });

  it('lets CodeDeploy do only what a Lambda release needs, and makes the throttled stage after every shard', () => {
    for (const shard of api.shards) {
      const roles = Object.values(Template.fromStack(shard).findResources('AWS::IAM::Role')).filter((r) =>
        JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('codedeploy.amazonaws.com'),
      );
      expect(roles).toHaveLength(1);
      expect(JSON.stringify(roles[0]!.Properties.ManagedPolicyArns)).toContain(
        'service-role/AWSCodeDeployRoleForLambdaLimited',
      );
      expect(roles[0]!.Properties.Policies).toBeUndefined();
    }
    const parent = Template.fromStack(api).toJSON().Resources as Record<string, Resource>;
    const stage = Object.values(parent).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    for (const shard of api.shards)
      expect(stage.DependsOn).toContain(logicalIdOf(shard.nestedStackResource!));
  });
});

describe('api stack authorization', () => {
  const fixture = (id: string, auth: RouteDefinition['auth']): RouteDefinition => ({
    id,
    method: 'POST',
    path: `/api/${id}`,
    auth,
    request: z.object({}),
    response: z.object({}),
    summary: `Fixture route (${auth})`,
  });
  const routes = [
    fixture('fixture-public', 'public'),
    fixture('fixture-charity', 'charity'),
    fixture('fixture-donor', 'donor'),
  ];
  const { api, stateful, web } = synthApp({
    routes,
    functionsDir: path.join(fixturesDir, 'functions'),
    routeCapabilities: {
      'fixture-public': { table: 'read' },
      'fixture-charity': { table: 'readWrite', media: 'manage' },
      'fixture-donor': { table: 'readWrite', mail: true },
    },
  });
  const template = apiTemplate(api);
  const webTemplate = Template.fromStack(web);

  it('puts the Cognito JWT authorizer on exactly the non-public routes', () => {
    const byKey = Object.fromEntries(
      resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([, r]) => [r.RouteKey as string, r]),
    );
    expect(byKey['POST /api/fixture-public']).toMatchObject({ AuthorizationType: 'NONE' });
    expect(byKey['POST /api/fixture-public']?.AuthorizerId).toBeUndefined();
    for (const key of ['POST /api/fixture-charity', 'POST /api/fixture-donor']) {
      expect(byKey[key]).toMatchObject({ AuthorizationType: 'JWT' });
      expect(JSON.stringify(byKey[key]?.AuthorizerId)).toContain('CognitoAuthorizer');
    }
  });

  it('has one JWT authorizer (in the API stack, shared by its shards) reading the Authorization header, for both app clients', () => {
    expect(resourcesOf(webTemplate, 'AWS::ApiGatewayV2::Authorizer')).toHaveLength(0);
    const authorizers = resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const authorizer = authorizers[0]?.[1] ?? {};
    expect(authorizer).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
    });
    const audience = JSON.stringify((authorizer.JwtConfiguration as { Audience: unknown }).Audience);
    for (const client of [stateful.charityClient, stateful.donorClient]) {
      const clientId = stateful.getLogicalId(client.node.defaultChild as never);
      expect(audience).toContain(clientId);
    }
  });

  it('grants table access by name (no index wildcard) and attaches only the declared capability policies', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']),
          }),
        ]),
      },
    });
    const policyId = (p: { node: { defaultChild?: unknown } }) =>
      stateful.getLogicalId(p.node.defaultChild as never);
    const { mediaManage, mailSend } = stateful.backendPolicies;
    const attached = (id: string) => {
      const fn = api.functions.get(id)!;
      const roleId = logicalIdOf(fn.role);
      return JSON.stringify(template.toJSON().Resources[roleId].Properties.ManagedPolicyArns ?? []);
    };
    expect(attached('fixture-public')).toBe('[]');
    expect(attached('fixture-charity')).toContain(policyId(mediaManage));
    expect(attached('fixture-charity')).not.toContain(policyId(mailSend));
    expect(attached('fixture-donor')).toContain(policyId(mailSend));
    expect(attached('fixture-donor')).not.toContain(policyId(mediaManage));
  });

  it('refuses a route that declares no capabilities', () => {
    expect(() =>
      synthApp({
        routes: [fixture('fixture-public', 'public')],
        functionsDir: path.join(fixturesDir, 'functions'),
        routeCapabilities: {},
      }),
    ).toThrow('Route fixture-public declares no capabilities: add it to infra/route-capabilities.ts.');
  });
});
