import type { RouteDefinition } from '@shared/api/route';
import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { creationSuffix } from './creation-suffix';

/** A rule's CloudWatch metrics and sampled requests, under its own name. */
export const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** Options of {@link managedRuleGroup}. */
export interface ManagedGroupOptions {
  /**
   * Count instead of block (`overrideAction: count`): a new rule group watches first, its matches visible in
   * the WAF logs and metrics, until the stage's `wafCountModeUntil` has passed (docs/operating.md).
   */
  readonly countOnly?: boolean;
  /** Rules of the group whose action is changed (e.g. to count). */
  readonly ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[];
}

/** An AWS managed rule group as a rule of a web ACL. */
export function managedRuleGroup(
  priority: number,
  name: string,
  options: ManagedGroupOptions = {},
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: options.countOnly ? { count: {} } : { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides: options.ruleActionOverrides,
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** A per-address rate rule (requests in any 5 minutes), blocking above `limit`, optionally scoped down. */
export function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement?: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The costly public routes and the requests one address may make to each in any 5 minutes (WAF's rate
 * rules; the API stage's per-route throttles and the functions' own per-address limits come after).
 * Keyed by route id: the method and path are read from the route manifest.
 */
export const COSTLY_ROUTE_LIMITS: Readonly<Record<string, number>> = {
  /** Looks the charity up in the register and sends a code mail. */
  'register-charity': 20,
  /** Sends a reset mail. */
  'send-password-reset': 20,
  /** Checks a reset token, then changes a password in Cognito. */
  'reset-password-with-token': 20,
  /** Creates a Cognito user. */
  'register-donor': 20,
  /** Creates a Stripe Checkout Session (card testing starts here). */
  'create-donation': 30,
  /** Searches the register index (the most CPU per request). */
  'search-charities': 150,
};

/** WAF's smallest rate-rule limit. */
const MIN_RATE_LIMIT = 10;

/** A route's path as WAF matches it: the whole path, or the part before its first `{parameter}`. */
function pathStatement(route: RouteDefinition): wafv2.CfnWebACL.StatementProperty {
  const cut = route.path.indexOf('{');
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: cut === -1 ? 'EXACTLY' : 'STARTS_WITH',
      searchString: cut === -1 ? route.path : route.path.slice(0, cut),
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** The rule name of a costly route's rate rule. */
export const costlyRouteRuleName = (routeId: string) =>
  `RateLimit-${routeId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 128);

/**
 * One rate rule per costly route ({@link COSTLY_ROUTE_LIMITS}), each its own bucket per address, scoped to
 * the route's method and path as the manifest names them.
 */
export function costlyRouteRules(
  routes: readonly RouteDefinition[],
  firstPriority: number,
  limits: Readonly<Record<string, number>> = COSTLY_ROUTE_LIMITS,
): wafv2.CfnWebACL.RuleProperty[] {
  // Only the routes of this manifest (tests synthesise fixture manifests); production.test.ts pins that
  // every id here is a route of the real one, so a renamed route cannot silently lose its limit.
  const present = Object.entries(limits).filter(([id]) => routes.some((r) => r.id === id));
  return present.map(([id, limit], i) => {
    const route = routes.find((r) => r.id === id) as RouteDefinition;
    if (!Number.isInteger(limit) || limit < MIN_RATE_LIMIT)
      throw new Error(`WAF rate limit for '${id}' must be a whole number of at least ${MIN_RATE_LIMIT}.`);
    const method: wafv2.CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: route.method,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    return rateRule(costlyRouteRuleName(id), firstPriority + i, limit, {
      andStatement: { statements: [method, pathStatement(route)] },
    });
  });
}

/** Prefix AWS WAF requires of a log group it logs to. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * Logs a web ACL's requests to a CloudWatch log group named `aws-waf-logs-<name>-<12 hex>` (WAF's required
 * prefix; the suffix is the stack's creation's, see {@link creationSuffix}) in the ACL's region, with a
 * retention; the Authorization and Cookie headers are redacted.
 */
export function wafLogging(
  scope: Construct,
  id: string,
  webAcl: wafv2.CfnWebACL,
  name: string,
  retention: RetentionDays = RetentionDays.THREE_MONTHS,
): LogGroup {
  const logGroupName = `${WAF_LOG_GROUP_PREFIX}${name}-${creationSuffix(scope)}`;
  const logGroup = new LogGroup(scope, `${id}LogGroup`, {
    logGroupName,
    retention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const stack = Stack.of(scope);
  const config = new wafv2.CfnLoggingConfiguration(scope, id, {
    resourceArn: webAcl.attrArn,
    // The log group's ARN without the `:*` CDK's logGroupArn ends with (WAF refuses it).
    logDestinationConfigs: [
      stack.formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logGroupName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
  });
  config.node.addDependency(logGroup);
  return logGroup;
}
