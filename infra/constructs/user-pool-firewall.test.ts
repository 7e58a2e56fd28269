import * as sdk from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { COGNITO_BACKEND_HEADER } from '../../lambdas/adapters/cognito-backend';
import {
  BACKEND_ONLY_OPERATIONS,
  BROWSER_OPERATIONS,
  COGNITO_PUBLIC_OPERATIONS,
} from '../cognito-operations';
import {
  BYPASS_RULE_NAME,
  USER_POOL_RATE_LIMIT,
  USER_POOL_RATE_RULE_NAME,
  UserPoolFirewall,
} from './user-pool-firewall';

describe('Cognito operation lists', () => {
  it('name every operation the installed SDK sends without AWS credentials, and nothing else', () => {
    const provider = new CognitoIdentityProviderClient({ region: 'eu-west-2' }).config.httpAuthSchemeProvider;
    const operations = Object.keys(sdk)
      .filter((name) => name.endsWith('Command') && name !== 'Command')
      .map((name) => name.slice(0, -'Command'.length));
    expect(operations.length).toBeGreaterThan(100);
    const noAuth = operations.filter((operation) =>
      provider({ operation } as never).some((o: { schemeId: string }) => o.schemeId === 'smithy.api#noAuth'),
    );
    expect([...COGNITO_PUBLIC_OPERATIONS].sort()).toEqual(noAuth.sort());
  });

  it('leave the browser sign-in, refresh, sign-out and reading its own user, and nothing that changes an account', () => {
    expect([...BROWSER_OPERATIONS].sort()).toEqual([
      'GetTokensFromRefreshToken',
      'GetUser',
      'GlobalSignOut',
      'InitiateAuth',
      'RespondToAuthChallenge',
      'RevokeToken',
    ]);
    for (const op of [
      'DeleteUser',
      'ChangePassword',
      'UpdateUserAttributes',
      'DeleteUserAttributes',
      'VerifyUserAttribute',
      'GetUserAttributeVerificationCode',
      'SetUserMFAPreference',
      'SetUserSettings',
      'AssociateSoftwareToken',
      'VerifySoftwareToken',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'UpdateDeviceStatus',
      'SignUp',
    ])
      expect(BACKEND_ONLY_OPERATIONS).toContain(op);
    expect(BACKEND_ONLY_OPERATIONS.length + BROWSER_OPERATIONS.length).toBe(COGNITO_PUBLIC_OPERATIONS.length);
  });
});

describe('UserPoolFirewall', () => {
  const app = new App();
  const stack = new Stack(app, 'Test', { env: { account: '111111111111', region: 'eu-west-2' } });
  const pool = new cognito.UserPool(stack, 'Pool');
  new UserPoolFirewall(stack, 'Firewall', { userPool: pool, logName: 'test-userpool' });
  const template = Template.fromStack(stack);
  const acl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]?.Properties as {
    Scope: string;
    DefaultAction: unknown;
    Rules: {
      Name: string;
      Action: unknown;
      Statement: {
        AndStatement: { Statements: [{ OrStatement: { Statements: unknown[] } }, { NotStatement: unknown }] };
      };
    }[];
  };

  it('is a regional web ACL associated with the user pool', () => {
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Pool'), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FirewallWebAcl'), 'Arn'] },
    });
  });

  it("limits each address, then runs AWS's common rules, after the bypass rule", () => {
    expect(acl.Rules.map((r) => r.Name)).toEqual([
      BYPASS_RULE_NAME,
      USER_POOL_RATE_RULE_NAME,
      'AWSManagedRulesCommonRuleSet',
    ]);
    const [, rate, common] = acl.Rules as unknown as Record<string, unknown>[];
    expect(rate).toMatchObject({
      Action: { Block: {} },
      Statement: { RateBasedStatement: { Limit: USER_POOL_RATE_LIMIT, AggregateKeyType: 'IP' } },
    });
    expect(common).toMatchObject({ OverrideAction: { None: {} } });
    // The stack's creation suffix after the name: a re-created stack never meets its predecessor's group.
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: {
        'Fn::Join': [
          '',
          ['aws-waf-logs-test-userpool-', Match.objectLike({ 'Fn::Select': Match.anyValue() })],
        ],
      },
    });
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FirewallWebAcl'), 'Arn'] },
    });
  });

  it('counts, not blocks, with the common rules while the stage is in count mode', () => {
    const stack2 = new Stack(new App(), 'Counting', {
      env: { account: '111111111111', region: 'eu-west-2' },
    });
    new UserPoolFirewall(stack2, 'Firewall', {
      userPool: new cognito.UserPool(stack2, 'Pool'),
      managedRulesCountOnly: true,
    });
    const rules = Object.values(Template.fromStack(stack2).findResources('AWS::WAFv2::WebACL'))[0]?.Properties
      .Rules as { Name: string; OverrideAction?: unknown }[];
    expect(rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')?.OverrideAction).toEqual({
      Count: {},
    });
  });

  it('blocks, in one rule, the X-Amz-Target of every operation a browser may not call, in any letter case', () => {
    const [rule] = acl.Rules;
    expect(rule?.Action).toEqual({ Block: {} });
    const [targets] = rule!.Statement.AndStatement.Statements;
    const matched = targets.OrStatement.Statements.map((s) => {
      const m = (s as { ByteMatchStatement: Record<string, unknown> }).ByteMatchStatement;
      expect(m.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
      expect(m.PositionalConstraint).toBe('ENDS_WITH');
      expect(m.TextTransformations).toEqual([{ Priority: 0, Type: 'LOWERCASE' }]);
      return String(m.SearchString);
    });
    expect(matched.sort()).toEqual(BACKEND_ONLY_OPERATIONS.map((op) => `.${op.toLowerCase()}`).sort());
    // No browser operation is matched, even by its ending (e.g. `.getuser` inside `.getuserauthfactors`).
    for (const op of BROWSER_OPERATIONS)
      expect(
        matched.filter((m) => `awscognitoidentityproviderservice.${op.toLowerCase()}`.endsWith(m)),
      ).toEqual([]);
  });

  it('lets through only requests carrying the backend header with the secret, by reference, never in the template', () => {
    const [, not] = acl.Rules[0]!.Statement.AndStatement.Statements;
    expect(not).toEqual({
      NotStatement: {
        Statement: {
          ByteMatchStatement: {
            FieldToMatch: { SingleHeader: { Name: COGNITO_BACKEND_HEADER } },
            PositionalConstraint: 'EXACTLY',
            SearchString: {
              'Fn::Join': [
                '',
                [
                  '{{resolve:secretsmanager:',
                  { Ref: expect.stringMatching(/^FirewallBackendSecret/) },
                  ':SecretString:::}}',
                ],
              ],
            },
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
  });
});
