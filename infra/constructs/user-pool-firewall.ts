import { CfnParameter, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { COGNITO_BACKEND_HEADER } from '../../lambdas/adapters/cognito-backend';
import { BACKEND_ONLY_OPERATIONS } from '../cognito-operations';
import { managedRuleGroup, rateRule, wafLogging } from './waf-rules';

/** Props of {@link UserPoolFirewall}. */
export interface UserPoolFirewallProps {
  readonly userPool: cognito.IUserPool;
  /** Requests one address may send the user pool in any 5 minutes. @default USER_POOL_RATE_LIMIT */
  readonly rateLimitPer5Minutes?: number;
  /** AWS's common rule set counts instead of blocking (the stage's `wafCountModeUntil` not yet passed). */
  readonly managedRulesCountOnly?: boolean;
  /** Log the pool's requests to `aws-waf-logs-<logName>` (in the pool's region). */
  readonly logName?: string;
}

/**
 * Requests one address may send to the user pool in any 5 minutes: a sign-in is about 3 (InitiateAuth, an
 * MFA challenge, a refresh later), so 300 is a busy office behind one address, not a password sprayer.
 */
export const USER_POOL_RATE_LIMIT = 300;

/** Name of the stack parameter holding the backend header secret's revision (Stateful and Api stacks). */
export const BACKEND_SECRET_REVISION_PARAMETER = 'BackendHeaderRevision';

/**
 * The backend header secret's revision in a stack (made once per stack). CloudFormation re-reads a dynamic
 * reference only when the resource holding it changes: a rotation (docs/operating.md, "Rotating the backend
 * header secret") passes the new secret version id here, which changes the firewall's rule and the functions
 * that send the header (and their published versions), so both read the new value.
 */
export function backendSecretRevisionParameter(scope: Construct): CfnParameter {
  const stack = Stack.of(scope);
  const found = stack.node.tryFindChild(BACKEND_SECRET_REVISION_PARAMETER);
  if (found) return found as CfnParameter;
  return new CfnParameter(stack, BACKEND_SECRET_REVISION_PARAMETER, {
    type: 'String',
    default: 'initial',
    allowedPattern: '[A-Za-z0-9-]+',
    description: 'Version id of the backend header secret after a rotation (docs/operating.md).',
  });
}

/** Name of the pool's per-address rate rule. */
export const USER_POOL_RATE_RULE_NAME = 'UserPoolRateLimitPerAddress';

/** Name of the firewall's one rule (its CloudWatch metric too). */
export const BYPASS_RULE_NAME = 'BlockAccountChangesOutsideTheApp';

/**
 * The user pool's AWS WAF web ACL (REGIONAL, associated with the pool). Its one rule blocks every public
 * Cognito operation a browser has no business calling (`BACKEND_ONLY_OPERATIONS`: DeleteUser, ChangePassword,
 * UpdateUserAttributes, SetUserMFAPreference, ForgotPassword, SignUp, ...), matched on the `X-Amz-Target`
 * header (lower-cased, by its `.<operation>` ending, so no spelling of the target slips past), unless the
 * request carries `x-kindred-backend: <secret>`, the header our functions add (`backendCognitoClient`) when
 * they call one of them with the user's access token after their own checks. Sign-in, its MFA challenge,
 * refresh, sign-out and reading one's own user stay open (`BROWSER_OPERATIONS`). Admin (IAM-signed)
 * operations are not inspected by WAF and not matched here. Then a per-address rate rule
 * ({@link USER_POOL_RATE_LIMIT} in 5 minutes) and AWS's common rule set.
 */
export class UserPoolFirewall extends Construct {
  /** The header's value: the functions that declare `userTokenCalls` get it as `COGNITO_BACKEND_SECRET`. */
  public readonly backendSecret: secretsmanager.Secret;
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: UserPoolFirewallProps) {
    super(scope, id);
    this.backendSecret = new secretsmanager.Secret(this, 'BackendSecret', {
      description:
        'Kindred: the x-kindred-backend header value that lets our functions past the user pool firewall',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.backendSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A shared header value, not a credential of a service Secrets Manager can rotate: rotate it by putting a new value and redeploying the Stateful and Api stacks with its version as BackendHeaderRevision (docs/operating.md).',
    });

    const targetIs = (op: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'ENDS_WITH',
        searchString: `.${op.toLowerCase()}`,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const fromBackend: wafv2.CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: COGNITO_BACKEND_HEADER } },
        positionalConstraint: 'EXACTLY',
        // A dynamic reference: resolved by CloudFormation at deploy time, never in the template.
        searchString: this.backendSecret.secretValue.unsafeUnwrap(),
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      // The revision: a rotation changes the rule's resource, so CloudFormation reads the secret again.
      description: `Kindred user pool: Cognito account operations that bypass the app are blocked, backend header revision ${backendSecretRevisionParameter(this).valueAsString}`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('KindredUserPool'),
      rules: [
        {
          name: BYPASS_RULE_NAME,
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility(BYPASS_RULE_NAME),
          statement: {
            andStatement: {
              statements: [
                { orStatement: { statements: BACKEND_ONLY_OPERATIONS.map(targetIs) } },
                { notStatement: { statement: fromBackend } },
              ],
            },
          },
        },
        rateRule(USER_POOL_RATE_RULE_NAME, 1, props.rateLimitPer5Minutes ?? USER_POOL_RATE_LIMIT),
        managedRuleGroup(2, 'AWSManagedRulesCommonRuleSet', {
          countOnly: props.managedRulesCountOnly,
        }),
      ],
    });
    if (props.logName) wafLogging(this, 'Logging', this.webAcl, props.logName);
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
