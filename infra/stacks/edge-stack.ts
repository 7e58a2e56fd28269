import type { RouteDefinition } from '@shared/api/route';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  COSTLY_ROUTE_LIMITS,
  costlyRouteRules,
  managedRuleGroup,
  rateRule,
  visibility,
  wafLogging,
} from '../constructs/waf-rules';

/** Props of {@link EdgeStack}. */
export interface EdgeStackProps extends StackProps {
  /** The stage: names the WAF log group (`aws-waf-logs-<stage>-site`). */
  readonly stage: string;
  /** The route manifest: the costly routes' paths are read from it by route id. */
  readonly routes: readonly RouteDefinition[];
  /** Requests one address may make in any 5 minutes before WAF blocks it for a while. @default 1000 */
  readonly rateLimitPer5Minutes?: number;
  /** The same, for `/api/*` only (the site's pages and assets are cheap; the API is not). @default 300 */
  readonly apiRateLimitPer5Minutes?: number;
  /** Per-address limits of the costly public routes, by route id. @default COSTLY_ROUTE_LIMITS */
  readonly costlyRouteLimits?: Readonly<Record<string, number>>;
  /** AWS managed rule groups count instead of block (the stage's `wafCountModeUntil` not yet passed). */
  readonly managedRulesCountOnly?: boolean;
}

/** Largest request body the API accepts (`save-locations`, 64 KB): the common rules' 8 KB body limit would block it. */
const OVERRIDDEN_COMMON_RULES = ['SizeRestrictions_BODY'];

/** The managed rule groups of the site's web ACL. */
export const SITE_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * The WAF web ACL of the site distribution. A CloudFront web ACL must be made in us-east-1 whatever the
 * region of the rest, so it has a stack of its own there; the web stack takes its ARN through CDK's
 * cross-region references. Rules: per-address rate limits (all paths, tighter on /api/*, and one per costly
 * public route), AWS's IP reputation list, and AWS's managed common and known-bad-inputs rule sets (counting
 * only while the stage says so). Requests are logged to `aws-waf-logs-<stage>-site`.
 */
export class EdgeStack extends Stack {
  /** The web ACL for the site distribution. */
  public readonly webAcl: wafv2.CfnWebACL;
  /** Where WAF logs the site's requests. */
  public readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (!this.region || this.region !== 'us-east-1') {
      throw new Error('The edge stack (a CLOUDFRONT web ACL) must be deployed in us-east-1.');
    }
    const countOnly = props.managedRulesCountOnly ?? false;
    const costly = costlyRouteRules(props.routes, 2, props.costlyRouteLimits ?? COSTLY_ROUTE_LIMITS);
    const managedFrom = 2 + costly.length;
    this.webAcl = new wafv2.CfnWebACL(this, 'SiteWebAcl', {
      description: 'Kindred site distribution: rate limits and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('KindredSite'),
      rules: [
        rateRule('RateLimitPerAddress', 0, props.rateLimitPer5Minutes ?? 1000),
        rateRule('ApiRateLimitPerAddress', 1, props.apiRateLimitPer5Minutes ?? 300, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        }),
        ...costly,
        ...SITE_MANAGED_RULE_GROUPS.map((name, i) =>
          managedRuleGroup(managedFrom + i, name, {
            countOnly,
            ruleActionOverrides:
              name === 'AWSManagedRulesCommonRuleSet'
                ? OVERRIDDEN_COMMON_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } }))
                : undefined,
          }),
        ),
      ],
    });
    this.logGroup = wafLogging(this, 'SiteWebAclLogging', this.webAcl, `${props.stage}-site`);
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
