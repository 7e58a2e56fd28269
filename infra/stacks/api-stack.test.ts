import * as path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { z } from 'zod';
import { type RouteDefinition, routeList } from '../../shared/src/api/routes';
import { fixturesDir, synthApp } from '../testing/synth-app';

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
  'NODE_OPTIONS',
  'AWS_NODEJS_CONNECTION_REUSE_ENABLED',
];

describe('api stack with the real route manifest', () => {
  const { api } = synthApp();
  const template = Template.fromStack(api);

  it('has one function per manifest route, on the current Node runtime, ARM64, bundled as ESM', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(routeList.length);
    for (const [, fn] of functions) {
      expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });

  it('names each function by its route id and gives it the backend environment', () => {
    for (const route of routeList) {
      const fn = api.functions.get(route.id);
      expect(fn).toBeDefined();
      const id = api.getLogicalId(fn!.function.node.defaultChild as never);
      expect(id.startsWith(route.id.replace(/-/g, ''))).toBe(true);
      const variables = (template.toJSON().Resources[id].Properties.Environment.Variables ?? {}) as Record<
        string,
        unknown
      >;
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(ENV_KEYS));
      expect(variables.SERVICE_NAME).toBe(route.id);
      expect(variables.REGISTER_SOURCE).toBe('extract');
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

  it('gives every function its own log group with a retention', () => {
    expect(resourcesOf(template, 'AWS::Logs::LogGroup')).toHaveLength(routeList.length);
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
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
  const { api, stateful, web } = synthApp({ routes, functionsDir: path.join(fixturesDir, 'functions') });
  const template = Template.fromStack(api);
  // CDK creates the authorizer in the scope of the HTTP API it belongs to, i.e. in the web stack.
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

  it('has one JWT authorizer reading the Authorization header, for both app clients', () => {
    expect(resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer')).toHaveLength(0);
    const authorizers = resourcesOf(webTemplate, 'AWS::ApiGatewayV2::Authorizer');
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

  it('grants table access by name (no index wildcard) and attaches the shared backend policy', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']),
          }),
        ]),
      },
    });
    template.allResourcesProperties('AWS::IAM::Role', { ManagedPolicyArns: [Match.anyValue()] });
  });
});
