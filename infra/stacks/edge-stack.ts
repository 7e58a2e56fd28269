import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Props of {@link EdgeStack}. */
export interface EdgeStackProps extends StackProps {
  /** Requests one address may make in any 5 minutes before WAF blocks it for a while. @default 1000 */
  readonly rateLimitPer5Minutes?: number;
  /** The same, for `/api/*` only (the site's pages and assets are cheap; the API is not). @default 300 */
  readonly apiRateLimitPer5Minutes?: number;
}

/** Largest request body the API accepts (`save-locations`, 64 KB): the common rules' 8 KB body limit would block it. */
const OVERRIDDEN_COMMON_RULES = ['SizeRestrictions_BODY'];

/**
 * The WAF web ACL of the site distribution. A CloudFront web ACL must be made in us-east-1 whatever the
 * region of the rest, so it has a stack of its own there; the web stack takes its ARN through CDK's
 * cross-region references (an SSM parameter written here and read there by CDK's custom resources).
 * Rules: per-address rate limits (all paths, and tighter on /api/*), AWS's IP reputation list, and AWS's
 * managed common and known-bad-inputs rule sets.
 */
export class EdgeStack extends Stack {
  /** The web ACL for the site distribution. */
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps = {}) {
    super(scope, id, props);
    if (!this.region || this.region !== 'us-east-1') {
      throw new Error('The edge stack (a CLOUDFRONT web ACL) must be deployed in us-east-1.');
    }
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (
      priority: number,
      name: string,
      ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ruleActionOverrides } },
      visibilityConfig: visibility(name),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'SiteWebAcl', {
      description: 'Kindred site distribution: rate limits and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('KindredSite'),
      rules: [
        {
          name: 'RateLimitPerAddress',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: props.rateLimitPer5Minutes ?? 1000, aggregateKeyType: 'IP' },
          },
          visibilityConfig: visibility('RateLimitPerAddress'),
        },
        {
          name: 'ApiRateLimitPerAddress',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.apiRateLimitPer5Minutes ?? 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiRateLimitPerAddress'),
        },
        managed(2, 'AWSManagedRulesAmazonIpReputationList'),
        managed(
          3,
          'AWSManagedRulesCommonRuleSet',
          OVERRIDDEN_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
        ),
        managed(4, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
