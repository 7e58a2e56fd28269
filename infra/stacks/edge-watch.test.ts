/** Item 5 of issue 34, watching from outside: one production-shaped synthesis, read by every assertion. */
import { paths } from '@shared/site/paths';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { synthApp, validationViolations } from '../testing/synth-app';
import { CANARY_LOG_RETENTION_DAYS, canaryScript, EDGE_WATCH_THRESHOLDS } from './edge-watch-stack';

const synthesized = synthApp({
  production: true,
  siteDomain: 'kindredgiving.org.uk',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  alarmEmail: 'alerts@kindredgiving.org.uk',
  canaryCharity: '1234567',
});
const { edgeWatch, web, assembly } = synthesized;
const t = Template.fromStack(edgeWatch);

describe('watching from outside (issue 34, item 5)', () => {
  it('is clean under cdk-nag, in us-east-1, deployed after Web', () => {
    expect(validationViolations(assembly).filter((v) => v.constructPath.includes('EdgeWatch'))).toEqual([]);
    expect(edgeWatch.region).toBe('us-east-1');
    expect(edgeWatch.dependencies).toContain(web);
  });

  it('runs a canary every 5 minutes on a current Puppeteer runtime through the public site', () => {
    // No hosted zone: the stacks do not publish DNS, so the canary waits for runbook step 6 to start it.
    t.hasResourceProperties('AWS::Synthetics::Canary', {
      Name: { 'Fn::Join': ['', ['test-', Match.objectLike({ 'Fn::Select': Match.arrayWith([0]) })]] },
      StartCanaryAfterCreation: false,
      RuntimeVersion: Match.stringLikeRegexp('^syn-nodejs-puppeteer-1[3-9]\\.'),
      Schedule: Match.objectLike({ Expression: 'rate(5 minutes)' }),
      RunConfig: Match.objectLike({
        EnvironmentVariables: { SITE_URL: 'https://kindredgiving.org.uk', CANARY_CHARITY: '1234567' },
      }),
    });
    const script = canaryScript(paths.charity.signIn.path);
    for (const step of [
      "'landing', '/'",
      "'health', '/api/health'",
      `'sign-in', "${paths.charity.signIn.path}"`,
    ])
      expect(script).toContain(step);
    expect(script).toContain("'/charities/' + process.env.CANARY_CHARITY");
    expect(script).toContain('/sitemap.xml');
    // The script is valid JavaScript.
    expect(() => new Function('require', 'exports', 'process', script)).not.toThrow();
  });

  it('alarms on two failed canary runs, CloudFront 5xx and WAF blocks, to its own topic with the email', () => {
    const topic = { Ref: Match.stringLikeRegexp('^AlarmTopic') };
    t.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'alerts@kindredgiving.org.uk',
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'CloudWatchSynthetics',
      MetricName: 'SuccessPercent',
      Dimensions: [{ Name: 'CanaryName', Value: Match.anyValue() }],
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 100,
      EvaluationPeriods: EDGE_WATCH_THRESHOLDS.canaryFailedRuns,
      // A canary not started yet is not a failing site; one that stops running after it ran notifies.
      TreatMissingData: 'missing',
      AlarmActions: [topic],
      InsufficientDataActions: [topic],
    });
    expect(Object.keys(t.findOutputs('CanaryName'))).toHaveLength(1);
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([
        {
          Name: 'DistributionId',
          Value: { 'Fn::GetStackOutput': Match.objectLike({ Region: 'eu-west-2' }) },
        },
        { Name: 'Region', Value: 'Global' },
      ]),
      Threshold: EDGE_WATCH_THRESHOLDS.cloudFront5xxRatePercent,
      AlarmActions: [topic],
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([{ Name: 'Rule', Value: 'ALL' }]),
      Threshold: EDGE_WATCH_THRESHOLDS.wafBlockedPer5Minutes,
      AlarmActions: [topic],
    });
    // CloudWatch alarms of this region may publish to the topic.
    t.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: 'CloudWatchAlarmsPublish',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
          }),
        ]),
      }),
    });
  });

  it('starts the canary at once when the stacks publish the DNS (a hosted zone)', () => {
    const zoned = synthApp({
      production: true,
      siteDomain: 'kindredgiving.org.uk',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'kindredgiving.org.uk' },
      alarmEmail: 'alerts@kindredgiving.org.uk',
    });
    Template.fromStack(zoned.edgeWatch).hasResourceProperties('AWS::Synthetics::Canary', {
      StartCanaryAfterCreation: true,
    });
  });

  it("bounds its own log group's retention on its first run, and a refusal never fails the run", async () => {
    const script = canaryScript(paths.charity.signIn.path);
    const calls: { retention: unknown; group: unknown }[] = [];
    const warnings: string[] = [];
    let refuse = true;
    const modules: Record<string, unknown> = {
      Synthetics: {
        getPage: async () => ({
          goto: async () => ({ status: () => 200, text: async () => '{"status":"ok"}' }),
        }),
        executeStep: async (_name: string, step: () => Promise<void>) => step(),
      },
      SyntheticsLogger: { warn: (line: string) => warnings.push(line) },
      '@aws-sdk/client-cloudwatch-logs': {
        CloudWatchLogsClient: class {
          async send(command: { input: { logGroupName: string; retentionInDays: number } }) {
            if (refuse) throw new Error('AccessDenied');
            calls.push({ group: command.input.logGroupName, retention: command.input.retentionInDays });
          }
        },
        PutRetentionPolicyCommand: class {
          constructor(public input: unknown) {}
        },
      },
    };
    const exports: { handler?: () => Promise<void> } = {};
    const env = { SITE_URL: 'https://example.org', AWS_LAMBDA_LOG_GROUP_NAME: '/aws/lambda/cwsyn-test-1' };
    new Function('require', 'exports', 'process', script)((id: string) => modules[id], exports, { env });
    await exports.handler?.();
    expect(warnings.some((w) => w.includes('AccessDenied'))).toBe(true);
    refuse = false;
    await exports.handler?.();
    await exports.handler?.();
    expect(calls).toEqual([{ group: '/aws/lambda/cwsyn-test-1', retention: CANARY_LOG_RETENTION_DAYS }]);
    // Its role may set the retention of its own groups, and of nothing else.
    const [policy] = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes('logs:PutRetentionPolicy'),
    );
    expect(JSON.stringify(policy)).toContain('/aws/lambda/cwsyn-');
  });

  it('keeps the canary artifacts private, encrypted and for 30 days', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 30, Status: 'Enabled' })] },
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true }),
    });
  });
});
