/** Item 5 of issue 34, watching from outside: one production-shaped synthesis, read by every assertion. */
import { paths } from '@shared/site/paths';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { synthApp, validationViolations } from '../testing/synth-app';
import { canaryScript, EDGE_WATCH_THRESHOLDS } from './edge-watch-stack';

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
    t.hasResourceProperties('AWS::Synthetics::Canary', {
      Name: 'test-site',
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
      TreatMissingData: 'breaching',
      AlarmActions: [topic],
    });
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

  it('keeps the canary artifacts private, encrypted and for 30 days', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 30, Status: 'Enabled' })] },
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true }),
    });
  });
});
