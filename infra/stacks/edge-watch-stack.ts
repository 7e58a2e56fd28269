import { paths } from '@shared/site/paths';
import {
  ArnFormat,
  CfnOutput,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import { creationSuffix } from '../constructs/creation-suffix';
import { acknowledgeWildcardResource } from '../constructs/nag';

/** Props of {@link EdgeWatchStack}. */
export interface EdgeWatchStackProps extends StackProps {
  /** The stage: names the canary (`<stage, up to 12>-<8 hex>`, see {@link canaryName}). */
  readonly stage: string;
  /**
   * Whether the canary starts when it is created: when the stacks publish the site's DNS (`hostedZone`). Else
   * the name does not resolve until the operator publishes it (runbook step 6), which ends by starting it.
   */
  readonly startCanary: boolean;
  /** The site distribution's id (Web stack, another region: a cross-region reference). */
  readonly distributionId: string;
  /** `https://<site host>` (Web stack). */
  readonly siteUrl: string;
  /** ARN of the site's CLOUDFRONT web ACL (the -Edge stack's or a given one); none: no WAF alarm. */
  readonly webAclArn?: string;
  /** The charity page the canary opens (a registration number); the sitemap's first when absent. */
  readonly canaryCharity?: string;
  /** Subscribed to this region's alarm topic. */
  readonly alarmEmail?: string;
  readonly alarmHttpsEndpoint?: string;
}

/** Thresholds of the outside watch, named so the runbook and the tests read the same numbers. */
export const EDGE_WATCH_THRESHOLDS = {
  /** Minutes between canary runs. */
  canaryEveryMinutes: 5,
  /** Failed canary runs in a row before the alarm (one is a blip; two is ten minutes of a broken site). */
  canaryFailedRuns: 2,
  /** CloudFront 5xx error rate (%), two 5-minute periods running. */
  cloudFront5xxRatePercent: 5,
  /** Requests WAF blocked in 5 minutes: an attack, or a rule blocking real users. */
  wafBlockedPer5Minutes: 500,
} as const;

/** Days the canary's own log group (made by Synthetics, `/aws/lambda/cwsyn-<name>-<id>`) keeps its logs. */
export const CANARY_LOG_RETENTION_DAYS = 30;

/**
 * The canary's name: up to 21 of a-z, 0-9, `_` and `-`. The stage (its first 12 characters) and 8 hex
 * characters of this stack's creation, so a second stage or a re-created stack never meets a name in use.
 */
export function canaryName(scope: Construct, stage: string): string {
  return `${stage.slice(0, 12)}-${creationSuffix(scope, 'short')}`;
}

/** Name of the web ACL in its ARN (`arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>`). */
function webAclName(arn: string): string {
  return Fn.select(2, Fn.split('/', arn));
}

/**
 * The canary's script (syn-nodejs-puppeteer): the landing page, a charity page (the configured one, or the
 * first the sitemap lists), `/api/health` and the charity sign-in page, each a step that fails on a status
 * other than 200 (and health on anything but `"status":"ok"`).
 */
export function canaryScript(signInPath: string): string {
  return `const synthetics = require('Synthetics');
const log = require('SyntheticsLogger');
const SITE = process.env.SITE_URL;
// Synthetics makes the canary's log group itself, with no retention: the canary bounds it on its first run
// (its role may set the retention of its own cwsyn-* groups only). A failure is logged, never fails the run.
let retentionSet = false;
async function boundOwnLogs() {
  const group = process.env.AWS_LAMBDA_LOG_GROUP_NAME;
  if (retentionSet || !group) return;
  try {
    const { CloudWatchLogsClient, PutRetentionPolicyCommand } = require('@aws-sdk/client-cloudwatch-logs');
    await new CloudWatchLogsClient({}).send(
      new PutRetentionPolicyCommand({ logGroupName: group, retentionInDays: ${CANARY_LOG_RETENTION_DAYS} }),
    );
    retentionSet = true;
  } catch (error) {
    log.warn('could not set the retention of ' + group + ': ' + error.message);
  }
}
async function open(page, name, path, check) {
  await synthetics.executeStep(name, async () => {
    const response = await page.goto(SITE + path, { waitUntil: 'domcontentloaded', timeout: 30000 });
    const status = response ? response.status() : 0;
    if (status !== 200) throw new Error(path + ' answered ' + status);
    if (check) await check(await response.text());
  });
}
async function charityPath(page) {
  if (process.env.CANARY_CHARITY) return '/charities/' + process.env.CANARY_CHARITY;
  const response = await page.goto(SITE + '/sitemap.xml', { timeout: 30000 });
  const match = /<loc>[^<]*?(\\/charities\\/[^<]+)<\\/loc>/.exec(response ? await response.text() : '');
  return match ? match[1] : undefined;
}
exports.handler = async () => {
  await boundOwnLogs();
  const page = await synthetics.getPage();
  await open(page, 'landing', '/');
  const charity = await charityPath(page);
  if (charity) await open(page, 'charity-page', charity);
  else log.warn('no charity page in the sitemap yet: step skipped');
  await open(page, 'health', '/api/health', async (body) => {
    if (!/"status"\\s*:\\s*"ok"/.test(body)) throw new Error('/api/health: ' + body.slice(0, 200));
  });
  await open(page, 'sign-in', ${JSON.stringify(signInPath)});
};
`;
}

/**
 * Watching from outside, in us-east-1 (where CloudFront's and a CLOUDFRONT web ACL's metrics are): a
 * CloudWatch Synthetics canary every 5 minutes through the public site, and alarms on its failures, on
 * CloudFront's 5xx error rate and on WAF's blocked requests, to an alarm topic of this region (an alarm can
 * only notify a topic of its own region) with the stage's recipients. Deployed after the Web stack, whose
 * distribution it reads through a cross-region reference.
 */
export class EdgeWatchStack extends Stack {
  public readonly alarmTopic: AlarmTopic;
  public readonly canary: synthetics.Canary;

  constructor(scope: Construct, id: string, props: EdgeWatchStackProps) {
    super(scope, id, props);
    if (this.region !== 'us-east-1') throw new Error('The edge watch stack must be deployed in us-east-1.');
    this.alarmTopic = new AlarmTopic(this, 'AlarmTopic', {
      email: props.alarmEmail,
      httpsEndpoint: props.alarmHttpsEndpoint,
    });
    const action = new SnsAction(this.alarmTopic.topic);
    const alarm = (alarmId: string, alarmProps: cloudwatch.AlarmProps) => {
      const made = new cloudwatch.Alarm(this, alarmId, alarmProps);
      made.addAlarmAction(action);
      made.addOkAction(action);
      return made;
    };

    const artifacts = new s3.Bucket(this, 'CanaryArtifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(artifacts).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "The canary's screenshots and HAR files, written only by the canary's role and expired after 30 days; access logs of it would record only that.",
    });

    this.canary = new synthetics.Canary(this, 'SiteCanary', {
      canaryName: canaryName(this, props.stage),
      startAfterCreation: props.startCanary,
      runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_13_0,
      schedule: synthetics.Schedule.rate(Duration.minutes(EDGE_WATCH_THRESHOLDS.canaryEveryMinutes)),
      test: synthetics.Test.custom({
        code: synthetics.Code.fromInline(canaryScript(paths.charity.signIn.path)),
        handler: 'index.handler',
      }),
      environmentVariables: {
        SITE_URL: props.siteUrl,
        ...(props.canaryCharity ? { CANARY_CHARITY: props.canaryCharity } : {}),
      },
      artifactsBucketLocation: { bucket: artifacts },
      timeout: Duration.minutes(2),
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(30),
      provisionedResourceCleanup: true,
    });
    // The canary's role is aws-cdk-lib's: its fixed grants for the Synthetics runtime.
    const canaryRole = this.canary.role;
    const why =
      "The Synthetics canary's own role (aws-cdk-lib): it writes run artifacts under its bucket, its own cwsyn-* log groups, and metrics (cloudwatch:PutMetricData, s3:ListAllMyBuckets and X-Ray have no resource-level permissions).";
    acknowledgeWildcardResource(canaryRole, '*', why);
    acknowledgeWildcardResource(canaryRole, artifacts.arnForObjects('*'), why);
    acknowledgeWildcardResource(
      canaryRole,
      this.formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: '/aws/lambda/cwsyn-*',
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
      why,
    );
    Validations.of(canaryRole).acknowledge({ id: 'Serverless-LambdaStarPermissions', reason: why });
    // The canary bounds its own log group's retention on its first run (canaryScript): its groups only.
    const ownLogGroups = this.formatArn({
      service: 'logs',
      resource: 'log-group',
      resourceName: `/aws/lambda/cwsyn-${this.canary.canaryName}-*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    canaryRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'BoundOwnLogRetention',
        actions: ['logs:PutRetentionPolicy'],
        resources: [ownLogGroups],
      }),
    );
    acknowledgeWildcardResource(canaryRole, ownLogGroups, why);

    const canaryFailed = alarm('SiteCanaryFailed', {
      metric: this.canary.metricSuccessPercent({ period: Duration.minutes(5), statistic: 'Average' }),
      threshold: 100,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: EDGE_WATCH_THRESHOLDS.canaryFailedRuns,
      datapointsToAlarm: EDGE_WATCH_THRESHOLDS.canaryFailedRuns,
      // No runs is not a failing site: a canary not started yet (no DNS yet) leaves the alarm in
      // INSUFFICIENT_DATA, silently. A canary that stops running after it ran notifies (below).
      treatMissingData: cloudwatch.TreatMissingData.MISSING,
      alarmDescription:
        'The site canary failed twice running (landing page, a charity page, /api/health or sign-in), or stopped running (INSUFFICIENT_DATA after OK): read its last run in CloudWatch Synthetics (screenshots, step, status), or start it (aws synthetics start-canary). A certificate, DNS or origin-secret fault shows here first.',
    });
    canaryFailed.addInsufficientDataAction(action);
    new CfnOutput(this, 'CanaryName', {
      value: this.canary.canaryName,
      description: 'The site canary (aws synthetics get-canary-runs --name <this> --region us-east-1)',
    });

    alarm('CloudFront5xxRate', {
      metric: new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        period: Duration.minutes(5),
        statistic: 'Average',
      }),
      threshold: EDGE_WATCH_THRESHOLDS.cloudFront5xxRatePercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: `CloudFront answered 5xx to ${EDGE_WATCH_THRESHOLDS.cloudFront5xxRatePercent} % or more of requests for 10 minutes: the API origin, the site bucket or the origin secret. Compare with the -Ops Api5xx alarm (origin) and the CloudFront console.`,
    });

    if (props.webAclArn) {
      alarm('WafBlockedRequests', {
        metric: new cloudwatch.Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: webAclName(props.webAclArn), Rule: 'ALL' },
          period: Duration.minutes(5),
          statistic: 'Sum',
        }),
        threshold: EDGE_WATCH_THRESHOLDS.wafBlockedPer5Minutes,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: `WAF blocked ${EDGE_WATCH_THRESHOLDS.wafBlockedPer5Minutes} or more requests in 5 minutes: an attack, or a rule blocking real users. Read the aws-waf-logs-<stage>-site-* log group (terminatingRuleId).`,
      });
    }
  }
}
