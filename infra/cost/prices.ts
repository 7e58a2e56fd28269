/**
 * AWS list prices the cost model (`npm run cost -- <stage>`) multiplies by, in US dollars, on-demand, without
 * any free tier (the always-free allowances are the account's, shared with whatever else runs in it, and the
 * 12-month ones expire). Every price names where it was read; the London (eu-west-2) lines are the AWS Price
 * List's usage types for that region, the us-east-1 lines those of the -Edge and -EdgeWatch stacks' region.
 *
 * Update: read the service's pricing page (or the Price List file
 * `https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/<ServiceCode>/current/<region>/index.json`), change the
 * figure and its source, and move PRICES_AS_OF. Then `npm run cost -- example --docs` rewrites the table in
 * docs/operating.md (a unit test fails until it matches).
 */

/** The day these prices were last checked. */
export const PRICES_AS_OF = '2026-11-28';

/** One list price. */
export interface Price {
  /** US dollars per {@link unit}. */
  readonly usd: number;
  /** What one unit is. */
  readonly unit: string;
  /** The region it applies to (`global` when AWS charges the same everywhere). */
  readonly region: 'eu-west-2' | 'us-east-1' | 'global';
  /** Where the figure comes from. */
  readonly source: string;
}

const LIST = 'AWS Price List';

export const PRICES = {
  // CloudWatch: alarms, dashboards, custom metrics, logs.
  alarmStandardMetric: {
    usd: 0.1,
    unit: 'alarm metric a month (standard resolution, period 60 s or more)',
    region: 'global',
    source: `${LIST} EUW2-CW:AlarmMonitorUsage and us-east-1 CW:AlarmMonitorUsage; a metric-math alarm is billed per metric it reads`,
  },
  alarmHighResolutionMetric: {
    usd: 0.3,
    unit: 'alarm metric a month (high resolution, period under 60 s)',
    region: 'global',
    source: 'aws.amazon.com/cloudwatch/pricing (Alarms: high resolution)',
  },
  compositeAlarm: {
    usd: 0.5,
    unit: 'composite alarm a month',
    region: 'global',
    source: 'aws.amazon.com/cloudwatch/pricing (Alarms: composite)',
  },
  dashboard: {
    usd: 3,
    unit: 'dashboard a month',
    region: 'global',
    source: 'aws.amazon.com/cloudwatch/pricing (Dashboards; the 3 free ones are the account allowance)',
  },
  customMetric: {
    usd: 0.3,
    unit: 'custom metric a month (first 10,000; prorated by the hours it is published)',
    region: 'global',
    source: `${LIST} EUW2-CW:MetricMonitorUsage`,
  },
  logsIngestedLondon: {
    usd: 0.5985,
    unit: 'GB of logs ingested (standard class)',
    region: 'eu-west-2',
    source: `${LIST} EUW2-DataProcessing-Bytes`,
  },
  vendedLogsUsEast1: {
    usd: 0.5,
    unit: 'GB of vended logs delivered to CloudWatch Logs (WAF logs)',
    region: 'us-east-1',
    source: 'aws.amazon.com/cloudwatch/pricing (Vended logs, first 10 TB)',
  },

  // WAF: the same in every region.
  wafWebAcl: {
    usd: 5,
    unit: 'web ACL a month',
    region: 'global',
    source: 'aws.amazon.com/waf/pricing (the same in all regions, prorated hourly)',
  },
  wafRule: {
    usd: 1,
    unit: 'rule a month (an AWS managed rule group counts as one rule)',
    region: 'global',
    source: 'aws.amazon.com/waf/pricing (baseline managed groups have no subscription fee)',
  },
  wafRequest: {
    usd: 0.6 / 1e6,
    unit: 'request inspected ($0.60 a million)',
    region: 'global',
    source: 'aws.amazon.com/waf/pricing',
  },

  // Synthetics and the Lambda function each canary run uses.
  canaryRun: {
    usd: 0.0012,
    unit: 'canary run',
    region: 'us-east-1',
    source: 'aws.amazon.com/cloudwatch/pricing (Synthetics, US East)',
  },

  // Secrets Manager, KMS, Route 53.
  secret: {
    usd: 0.4,
    unit: 'secret a month',
    region: 'eu-west-2',
    source: `${LIST} EUW2-AWSSecretsManager-Secrets`,
  },
  secretRead: {
    usd: 0.05 / 1e4,
    unit: 'API call ($0.05 per 10,000)',
    region: 'eu-west-2',
    source: `${LIST} EUW2-AWSSecretsManagerAPIRequest`,
  },
  kmsKey: {
    usd: 1,
    unit: 'customer managed key a month',
    region: 'eu-west-2',
    source: `${LIST} eu-west-2-KMS-Keys`,
  },
  hostedZone: {
    usd: 0.5,
    unit: 'hosted zone a month (first 25)',
    region: 'global',
    source: `${LIST} HostedZone (AmazonRoute53)`,
  },

  // Per request along a donation's path.
  cloudFrontHttpsRequestEurope: {
    usd: 0.012 / 1e4,
    unit: 'HTTPS request at a European edge ($0.012 per 10,000)',
    region: 'global',
    source: `${LIST} EU-Requests-Tier2-HTTPS (AmazonCloudFront)`,
  },
  cloudFrontHttpsRequestUs: {
    usd: 0.01 / 1e4,
    unit: 'HTTPS request at a US edge ($0.010 per 10,000)',
    region: 'global',
    source: 'aws.amazon.com/cloudfront/pricing (United States, HTTPS requests)',
  },
  httpApiRequest: {
    usd: 1.16 / 1e6,
    unit: 'HTTP API request ($1.16 a million, first 300 million)',
    region: 'eu-west-2',
    source: `${LIST} EUW2-ApiGatewayHttpRequest`,
  },
  lambdaRequest: {
    usd: 0.2 / 1e6,
    unit: 'Lambda invocation ($0.20 a million)',
    region: 'global',
    source: `${LIST} EUW2-Request, EUW2-Request-ARM (the same in us-east-1)`,
  },
  lambdaGbSecondArmLondon: {
    usd: 0.0000133334,
    unit: 'GB-second, arm64',
    region: 'eu-west-2',
    source: `${LIST} EUW2-Lambda-GB-Second-ARM`,
  },
  lambdaGbSecondX86London: {
    usd: 0.0000166667,
    unit: 'GB-second, x86_64',
    region: 'eu-west-2',
    source: `${LIST} EUW2-Lambda-GB-Second`,
  },
  lambdaGbSecondX86UsEast1: {
    usd: 0.0000166667,
    unit: 'GB-second, x86_64',
    region: 'us-east-1',
    source: `${LIST} Lambda-GB-Second (us-east-1)`,
  },
  dynamoWriteUnit: {
    usd: 0.7423 / 1e6,
    unit: 'on-demand write request unit ($0.7423 a million)',
    region: 'eu-west-2',
    source:
      'EUW2-WriteRequestUnits: the London list price ($1.4846 a million) halved by the November 2024 on-demand price cut',
  },
  dynamoReadUnit: {
    usd: 0.1485 / 1e6,
    unit: 'on-demand read request unit ($0.1485 a million)',
    region: 'eu-west-2',
    source:
      'EUW2-ReadRequestUnits: the London list price ($0.297 a million) halved by the November 2024 on-demand price cut',
  },
  sesMessage: {
    usd: 0.0001,
    unit: 'message sent, per recipient ($0.10 per 1,000)',
    region: 'eu-west-2',
    source: `${LIST} EUW2-Recipients`,
  },
  xrayTrace: {
    usd: 5 / 1e6,
    unit: 'trace recorded ($5.00 a million)',
    region: 'global',
    source: 'aws.amazon.com/xray/pricing (traces recorded)',
  },
  s3PutUsEast1: {
    usd: 0.005 / 1e3,
    unit: 'PUT request ($0.005 per 1,000)',
    region: 'us-east-1',
    source: `${LIST} Requests-Tier1 (AmazonS3, us-east-1)`,
  },
} as const satisfies Record<string, Price>;

export type PriceName = keyof typeof PRICES;

/** Hours in a month as AWS bills them (365 × 24 / 12). */
export const HOURS_PER_MONTH = 730;
