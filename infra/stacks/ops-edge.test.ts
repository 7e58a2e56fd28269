import { routeList } from '@shared/api/routes';
import { jobs as jobManifest } from '@shared/jobs';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ORIGIN_DIGESTS_ENV, ORIGIN_SECRET_ENV } from '../../lambdas/lib/edge';
import { ROUTE_THROTTLES } from '../constructs/api-stage';
import { apiTemplate, logicalIdOf, synthApp, validationViolations } from '../testing/synth-app';
import { ALARM_THRESHOLDS } from './ops-stack';
import { ORIGIN_VERIFY_HEADER } from './web-stack';

const synthesized = synthApp({ alarmEmail: 'ops@example.org', monthlyBudgetUsd: 75 });
const { web, api, jobs, ops, edge, stateful, assembly } = synthesized;
const webT = Template.fromStack(web);
const apiT = apiTemplate(api);
const jobsT = Template.fromStack(jobs);
const opsT = Template.fromStack(ops);

const json = (value: unknown) => JSON.stringify(value);
type Props = Record<string, unknown>;
const propsOf = (t: Template, type: string) =>
  Object.values(t.findResources(type)).map((r) => r.Properties as Props);

describe('the edge (issue 20, item 3)', () => {
  const dist = propsOf(webT, 'AWS::CloudFront::Distribution')[0]?.DistributionConfig as {
    Origins: {
      Id: string;
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    WebACLId?: unknown;
  };

  it('sends a generated secret (a Secrets Manager dynamic reference) on the /api/* origin only', () => {
    const apiOriginId = dist.CacheBehaviors.find((b) => b.PathPattern === '/api/*')?.TargetOriginId;
    const apiOrigin = dist.Origins.find((o) => o.Id === apiOriginId);
    const header = apiOrigin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    const secretId = web.getLogicalId(web.originSecret.node.defaultChild as never);
    expect(json(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(json(header?.HeaderValue)).toContain(`{"Ref":"${secretId}"}`);
    for (const origin of dist.Origins.filter((o) => o.Id !== apiOriginId)) {
      expect(json(origin.OriginCustomHeaders ?? [])).not.toContain(ORIGIN_VERIFY_HEADER);
    }
    webT.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
  });

  it('gives every route function the same digests of the secret, never the secret, and the seed and jobs none', () => {
    const values = new Set<string>();
    for (const [id, fn] of api.functions) {
      const props = apiT.toJSON().Resources[logicalIdOf(fn.function)].Properties as {
        Environment: { Variables: Record<string, unknown> };
      };
      const vars = props.Environment.Variables;
      const digests = json(vars[ORIGIN_DIGESTS_ENV]);
      expect({ id, digests: digests !== undefined, dynamic: digests?.includes('{{resolve:') }).toEqual({
        id,
        digests: true,
        dynamic: false,
      });
      expect(json(vars)).not.toContain(ORIGIN_SECRET_ENV);
      values.add(json(vars[ORIGIN_DIGESTS_ENV]));
    }
    expect(values.size).toBeGreaterThan(0);
    expect(json(jobsT.toJSON())).not.toContain(ORIGIN_DIGESTS_ENV);
    const seed = apiT.toJSON().Resources[logicalIdOf(api.seedData.function)];
    expect(json(seed)).not.toContain(ORIGIN_DIGESTS_ENV);
  });

  it('puts a WAF web ACL (CLOUDFRONT scope, us-east-1) with a rate rule and AWS managed rules on the site', () => {
    expect(edge).toBeDefined();
    expect(edge?.region).toBe('us-east-1');
    const edgeT = Template.fromStack(edge as Stack);
    const [acl] = propsOf(edgeT, 'AWS::WAFv2::WebACL');
    expect(acl?.Scope).toBe('CLOUDFRONT');
    const rules = acl?.Rules as {
      Name: string;
      Statement: Record<string, { Name?: string; Limit?: number }>;
    }[];
    expect(rules.find((r) => r.Name === 'RateLimitPerAddress')?.Statement.RateBasedStatement?.Limit).toBe(
      1000,
    );
    expect(rules.find((r) => r.Name === 'ApiRateLimitPerAddress')?.Statement.RateBasedStatement?.Limit).toBe(
      300,
    );
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual(
      expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']),
    );
    // The distribution in eu-west-2 takes the ARN through CDK's cross-region reference.
    expect(dist.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'Kindred-test-Edge', Region: 'us-east-1' }),
    });
  });

  it('can take an existing web ACL instead, or none', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/abc';
    const given = synthApp({ webAclArn: arn });
    expect(given.edge).toBeUndefined();
    Template.fromStack(given.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: arn }),
    });
  });

  it('throttles each route on the stage: public reads and doors lower than the signed-in routes', () => {
    const [stage] = propsOf(apiT, 'AWS::ApiGatewayV2::Stage');
    expect(stage).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: expect.objectContaining({ DestinationArn: expect.anything() }),
    });
    const settings = stage?.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const read = ROUTE_THROTTLES.publicRead;
    const write = ROUTE_THROTTLES.publicWrite;
    for (const key of [
      'POST /api/search-charities',
      'GET /api/explore',
      'GET /api/charities/{registrationNumber}',
    ]) {
      expect(settings[key]).toEqual({
        ThrottlingRateLimit: read.rateLimit,
        ThrottlingBurstLimit: read.burstLimit,
      });
    }
    for (const key of [
      'POST /api/register-charity',
      'POST /api/send-password-reset',
      'POST /api/register-donor',
    ]) {
      expect(settings[key]).toEqual({
        ThrottlingRateLimit: write.rateLimit,
        ThrottlingBurstLimit: write.burstLimit,
      });
    }
    // Every route key named exists, and the stage waits for the routes.
    const routeKeys = new Set(routeList.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(settings)) expect(routeKeys.has(key)).toBe(true);
    const stageResource = Object.values(apiT.findResources('AWS::ApiGatewayV2::Stage'))[0] as {
      DependsOn?: string[];
    };
    // (The routes live in nested shards: the stage depends on every shard, api-releases.test.ts.)
    expect(stageResource.DependsOn?.length).toBeGreaterThanOrEqual(api.shards.length);
  });
});

describe('being told (issue 20, item 4)', () => {
  const alarms = propsOf(opsT, 'AWS::CloudWatch::Alarm');
  const alarmOn = (metricName: string, namespace?: string) =>
    alarms.filter(
      (a) => a.MetricName === metricName && (namespace === undefined || a.Namespace === namespace),
    );

  it('has one alarm topic with the configured email subscriber, notified by every alarm', () => {
    opsT.resourceCountIs('AWS::SNS::Topic', 1);
    opsT.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
    const topicId = ops.getLogicalId(ops.alarmTopic.node.defaultChild as never);
    for (const alarm of alarms) expect(json(alarm.AlarmActions)).toContain(topicId);
  });

  it("lets this account's CloudWatch alarms and AWS Budgets publish to the topic, and no one else", () => {
    const policies = propsOf(opsT, 'AWS::SNS::TopicPolicy');
    expect(policies).toHaveLength(1);
    const document = policies[0]?.PolicyDocument as { Statement: Record<string, unknown>[] } | undefined;
    const statements = document?.Statement ?? [];
    const publishers = statements
      .filter((s) => s.Effect === 'Allow' && json(s.Action).includes('sns:Publish'))
      .map((s) => (s.Principal as { Service: string }).Service)
      .sort();
    expect(publishers).toEqual(['budgets.amazonaws.com', 'cloudwatch.amazonaws.com']);
    const cloudwatch = statements.find((s) => s.Sid === 'CloudWatchAlarmsPublish');
    expect(json(cloudwatch?.Condition)).toContain('aws:SourceAccount');
    expect(json(cloudwatch?.Condition)).toContain(':alarm:*');
  });

  it('alarms on the API 5xx and p90 latency', () => {
    expect(alarmOn('5xx', 'AWS/ApiGateway')).toEqual([
      expect.objectContaining({ Threshold: ALARM_THRESHOLDS.api5xx, Statistic: 'Sum', Period: 300 }),
    ]);
    expect(alarmOn('Latency', 'AWS/ApiGateway')).toEqual([
      expect.objectContaining({ Threshold: 3000, ExtendedStatistic: 'p90', EvaluationPeriods: 3 }),
    ]);
  });

  it("alarms on each function's errors and throttles, jobs, the mail recorder, the two consumers and the pre-token trigger included", () => {
    const expected = routeList.length + jobManifest.length + 4;
    expect(alarmOn('Errors', 'AWS/Lambda')).toHaveLength(expected);
    expect(alarmOn('Throttles', 'AWS/Lambda')).toHaveLength(expected);
    const preTokenName = stateful.resolve(stateful.preTokenGeneration.function.functionName);
    const preToken = alarmOn('Errors', 'AWS/Lambda').find((a) =>
      json(a.Dimensions).includes(json(preTokenName).slice(1, -1).slice(0, 20)),
    );
    expect(
      preToken ??
        alarmOn('Errors', 'AWS/Lambda').find((a) => a.Threshold === ALARM_THRESHOLDS.preTokenErrors),
    ).toBeDefined();
  });

  it('alarms on failed job runs, undelivered bounce events, failed follow mail, the register index age and SES reputation', () => {
    const queueAlarms = alarmOn('ApproximateNumberOfMessagesVisible', 'AWS/SQS');
    const queues = queueAlarms.map((a) => json(a.Dimensions));
    expect(queues).toHaveLength(4);
    expect(queues.some((q) => q.includes('DiscoveryCardsDeadLetters'))).toBe(true);
    expect(queues.some((q) => q.includes('FailedRuns'))).toBe(true);
    expect(queues.some((q) => q.includes('MailSuppressionsDeadLetters'))).toBe(true);
    // The follow-mail dead letters (not the queue itself: jobs waiting there are normal), at one message.
    const followMail = queueAlarms.filter((a) => json(a.Dimensions).includes('FollowMail'));
    expect(followMail).toHaveLength(1);
    expect(json(followMail[0]?.Dimensions)).toContain('FollowMailDeadLetters');
    expect(followMail[0]).toMatchObject({ Threshold: 1, AlarmActions: [expect.anything()] });
    expect(alarmOn('RegisterIndexAgeHours', 'Kindred')).toEqual([
      expect.objectContaining({
        Threshold: 72,
        TreatMissingData: 'breaching',
        Dimensions: [{ Name: 'service', Value: 'refresh-register' }],
      }),
    ]);
    expect(alarmOn('VerificationFailures', 'Kindred')).toEqual([
      expect.objectContaining({
        Threshold: 300,
        Period: 3600,
        Statistic: 'Sum',
        Dimensions: [{ Name: 'service', Value: 'verify-charity-code' }],
      }),
    ]);
    expect(alarmOn('Reputation.BounceRate', 'AWS/SES')).toEqual([
      expect.objectContaining({ Threshold: 0.05 }),
    ]);
    expect(alarmOn('Reputation.ComplaintRate', 'AWS/SES')).toEqual([
      expect.objectContaining({ Threshold: 0.001 }),
    ]);
  });

  it('alarms on every donation dispute (issue 33)', () => {
    expect(alarmOn('DonationDisputes', 'Kindred')).toEqual([
      expect.objectContaining({
        Threshold: 1,
        Period: 3600,
        Statistic: 'Sum',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Dimensions: [{ Name: 'service', Value: 'stripe-webhook' }],
      }),
    ]);
  });

  it('has a dashboard with the business metrics and a monthly budget notifying the topic', () => {
    const [dashboard] = propsOf(opsT, 'AWS::CloudWatch::Dashboard');
    const body = json(dashboard?.DashboardBody);
    for (const metric of ['Registrations', 'CodesSent', 'VerificationFailures', 'Lockouts', 'Uploads']) {
      expect(body).toContain(metric);
    }
    const [budget] = propsOf(opsT, 'AWS::Budgets::Budget');
    expect(budget).toMatchObject({
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 75, Unit: 'USD' } },
    });
    expect(json(budget?.NotificationsWithSubscribers)).toContain('"SubscriptionType":"SNS"');
  });

  it('gives every job a failure destination and its schedule a dead-letter queue', () => {
    const queueId = jobs.getLogicalId(jobs.failedRuns.node.defaultChild as never);
    const configs = propsOf(jobsT, 'AWS::Lambda::EventInvokeConfig');
    expect(configs).toHaveLength(jobManifest.length);
    for (const config of configs) {
      expect(config).toMatchObject({ MaximumRetryAttempts: 1 });
      expect(json(config.DestinationConfig)).toContain(queueId);
    }
    for (const rule of propsOf(jobsT, 'AWS::Events::Rule')) {
      expect(json(rule.Targets)).toContain('DeadLetterConfig');
      expect(json(rule.Targets)).toContain(queueId);
    }
  });

  it('traces every function actively and logs JSON', () => {
    for (const template of [apiT, jobsT, Template.fromStack(stateful)]) {
      for (const fn of propsOf(template, 'AWS::Lambda::Function')) {
        if (
          json(fn.Handler) !== '"index.handler"' ||
          !json(fn.Environment).includes('POWERTOOLS_SERVICE_NAME')
        )
          continue;
        expect(fn).toMatchObject({
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: expect.objectContaining({ LogFormat: 'JSON' }),
        });
      }
    }
    const ours = [...api.functions.values(), ...jobs.functions.values(), stateful.preTokenGeneration];
    for (const fn of ours) {
      const cfn = fn.function.node.defaultChild as lambda.CfnFunction;
      expect(Stack.of(fn).resolve(cfn.tracingConfig)).toEqual({ mode: 'Active' });
    }
    // Powertools' subsegments (the X-Ray SDK's load) only where no donor waits for a cold start.
    const traceFlag = (id: string) => {
      const cfn = api.functions.get(id)?.function.node.defaultChild as lambda.CfnFunction;
      const env = Stack.of(cfn).resolve(cfn.environment) as { variables?: Record<string, unknown> };
      return env.variables?.POWERTOOLS_TRACE_ENABLED;
    };
    for (const route of routeList)
      expect({ id: route.id, flag: traceFlag(route.id) }).toEqual({
        id: route.id,
        flag: route.auth === 'public' ? 'false' : undefined,
      });
  });

  it('runs cdk-nag Serverless checks beside AwsSolutions, clean', () => {
    expect(validationViolations(assembly)).toEqual([]);
    // A function without tracing, memory or timeout is caught by the Serverless pack.
    expect(() =>
      synthApp({
        webAclArn: 'none',
        beforeSynth: ({ ops: opsStack }) => {
          new lambda.Function(opsStack, 'Careless', {
            runtime: lambda.Runtime.NODEJS_24_X,
            handler: 'index.handler',
            code: lambda.Code.fromInline('exports.handler = async () => 1;'),
          });
        },
      }),
    ).toThrow(/Serverless-Lambda|Validation failed/);
  });
});
