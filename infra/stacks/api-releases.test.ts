/**
 * Issue 34, item 7: every API function is released behind its `live` alias by CodeDeploy, 10 % of requests for
 * 5 minutes, rolled back when the new version fails; the routes live in nested shards so no template nears
 * CloudFormation's 500 resources (decision 18.10).
 */
import * as path from 'node:path';
import { type RouteDefinition, routeList } from '@shared/api/routes';
import { Template } from 'aws-cdk-lib/assertions';
import { z } from 'zod';
import { LIVE_ALIAS, RELEASE_ROLLBACK_THRESHOLD } from '../constructs/route-release';
import { ROUTE_SHARDS, ROUTES_PER_SHARD } from '../route-shards';
import { apiTemplate, fixturesDir, logicalIdOf, synthApp } from '../testing/synth-app';

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
  UpdatePolicy?: unknown;
  DeletionPolicy?: string;
};

describe('route releases with the real manifest', () => {
  const { api } = synthApp();
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

describe('a change publishes a new version (so a release), an unchanged function does not', () => {
  const route: RouteDefinition = {
    id: 'fixture-public',
    method: 'GET',
    path: '/api/fixture-public',
    auth: 'public',
    request: z.object({}),
    response: z.object({}),
    summary: 'Fixture route',
  };
  const versionOf = (open: boolean) => {
    const { api } = synthApp({
      routes: [route],
      functionsDir: path.join(fixturesDir, 'functions'),
      routeCapabilities: { 'fixture-public': { table: 'read' } },
      giving: { open, cardFeeBasisPoints: 140, cardFeeFixedPence: 20 },
    });
    return logicalIdOf(api.shards[0]!.releases.get(route.id)!.version);
  };

  it('keeps the version for the same configuration and publishes another when it changes', () => {
    expect(versionOf(false)).toBe(versionOf(false));
    expect(versionOf(true)).not.toBe(versionOf(false));
  });
});
