import { DONATION_PATH } from './assumptions';
import { COST_BEGIN, COST_END, costBlockOf, replaceCostBlock, statedFigures } from './docs';
import { estimate } from './estimate';
import {
  alarmBilling,
  type CfnResource,
  readInventory,
  runsPerMonth,
  type StageTemplate,
  secretNameOf,
  TOKEN,
} from './inventory';
import { PRICES } from './prices';
import { quantity, renderEstimate, smallUsd } from './report';

/** A function of the donation path (so the estimate finds every route it prices). */
const routeFunction = (service: string, memory = 512): CfnResource => ({
  Type: 'AWS::Lambda::Function',
  Properties: {
    MemorySize: memory,
    Architectures: ['arm64'],
    Environment: { Variables: { SERVICE_NAME: service } },
  },
});
const pathFunctions = Object.fromEntries(
  [...new Set(DONATION_PATH.map((s) => s.route))].map((route) => [`${route}Fn`, routeFunction(route)]),
);
const metricAlarm = (period: number): CfnResource => ({
  Type: 'AWS::CloudWatch::Alarm',
  Properties: { Namespace: 'AWS/Lambda', MetricName: 'Errors', Period: period },
});
const mathAlarm: CfnResource = {
  Type: 'AWS::CloudWatch::Alarm',
  Properties: {
    Metrics: [
      { Id: 'e', Expression: 'FILL(a, 0) + FILL(b, 0)' },
      { Id: 'a', MetricStat: { Metric: { Namespace: 'AWS/Lambda', MetricName: 'Errors' }, Period: 60 } },
      {
        Id: 'b',
        MetricStat: {
          Metric: {
            Namespace: 'Kindred',
            MetricName: 'UnhandledErrors',
            Dimensions: [{ Name: 'service', Value: 'x' }],
          },
          Period: 60,
        },
      },
    ],
  },
};

const stage: StageTemplate[] = [
  {
    stack: 'Kindred-t-Ops',
    region: 'eu-west-2',
    template: {
      Resources: {
        A1: metricAlarm(300),
        A2: metricAlarm(10),
        A3: mathAlarm,
        C1: { Type: 'AWS::CloudWatch::CompositeAlarm', Properties: {} },
        D1: { Type: 'AWS::CloudWatch::Dashboard', Properties: {} },
        Budget: { Type: 'AWS::Budgets::Budget', Properties: {} },
      },
    },
  },
  {
    stack: 'Kindred-t-Stateful',
    region: 'eu-west-2',
    template: {
      Resources: {
        S1: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
        Policy: {
          Type: 'AWS::IAM::Policy',
          Properties: {
            PolicyDocument: {
              Statement: [
                { Resource: 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/stripe-AbCdEf' },
                {
                  Resource:
                    'arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/register-key-??????',
                },
                // The stack's own secret: a token, not a name.
                {
                  Resource: {
                    'Fn::Join': ['', ['arn:aws:secretsmanager:eu-west-2:1:secret:', { Ref: 'S1' }]],
                  },
                },
              ],
            },
          },
        },
        Record: {
          Type: 'AWS::Route53::RecordSet',
          Properties: { HostedZoneId: 'Z123', Name: 'x.example.org.' },
        },
        Key: { Type: 'AWS::KMS::Key', Properties: {} },
        Acl: {
          Type: 'AWS::WAFv2::WebACL',
          Properties: { Scope: 'REGIONAL', Rules: [{ Name: 'a' }, { Name: 'b' }] },
        },
        Table: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'PROVISIONED' } },
        Odd: { Type: 'AWS::EC2::NatGateway', Properties: {} },
        Provider: { Type: 'Custom::Thing', Properties: {} },
      },
    },
  },
  {
    stack: 'Kindred-t-Api/Shard',
    region: 'eu-west-2',
    template: {
      Resources: {
        ...pathFunctions,
        job: routeFunction('a-job', 1024),
        JobRule: {
          Type: 'AWS::Events::Rule',
          Properties: {
            ScheduleExpression: 'rate(1 hour)',
            Targets: [{ Arn: { 'Fn::GetAtt': ['job', 'Arn'] } }],
          },
        },
      },
    },
  },
  {
    stack: 'Kindred-t-EdgeWatch',
    region: 'us-east-1',
    template: {
      Resources: {
        Canary: {
          Type: 'AWS::Synthetics::Canary',
          Properties: { Name: 't-site', Schedule: { Expression: 'rate(5 minutes)' }, RunConfig: {} },
        },
        Edge: {
          Type: 'AWS::WAFv2::WebACL',
          Properties: { Scope: 'CLOUDFRONT', Rules: [{ Name: 'r1' }, { Name: 'r2' }, { Name: 'r3' }] },
        },
      },
    },
  },
];

describe('the cost model (issue 43)', () => {
  it('counts runs a month of rate and cron schedules', () => {
    expect(runsPerMonth('rate(5 minutes)')).toBe(8760);
    expect(runsPerMonth('rate(1 hour)')).toBe(730);
    expect(runsPerMonth('cron(30 6 * * ? *)')).toBeCloseTo(730 / 24);
    expect(runsPerMonth('cron(0/15 * * * ? *)')).toBeCloseTo(4 * 730);
    expect(runsPerMonth('cron(0 9 ? * MON-FRI *)')).toBeCloseTo((5 / 7) * (730 / 24));
    expect(() => runsPerMonth('at(2026-01-01T00:00:00)')).toThrow('Unreadable');
  });

  it('bills an alarm per metric it reads, at its resolution', () => {
    expect(alarmBilling(metricAlarm(300).Properties ?? {})).toEqual({ kind: 'standard', metrics: 1 });
    expect(alarmBilling(metricAlarm(60).Properties ?? {})).toEqual({ kind: 'standard', metrics: 1 });
    expect(alarmBilling(metricAlarm(10).Properties ?? {})).toEqual({ kind: 'high-resolution', metrics: 1 });
    expect(alarmBilling(mathAlarm.Properties ?? {})).toEqual({ kind: 'standard', metrics: 2 });
    const band = {
      Metrics: [
        { Id: 'm', MetricStat: { Metric: {}, Period: 300 } },
        { Id: 'b', Expression: 'ANOMALY_DETECTION_BAND(m, 2)' },
      ],
    };
    expect(alarmBilling(band)).toEqual({ kind: 'standard', metrics: 3 });
  });

  it("names a secret by its ARN without Secrets Manager's six characters, and skips tokens", () => {
    expect(secretNameOf('arn:aws:secretsmanager:eu-west-2:1:secret:kindred/stripe-AbCdEf')).toBe(
      'kindred/stripe',
    );
    expect(secretNameOf('arn:aws:secretsmanager:eu-west-2:1:secret:kindred/key-??????')).toBe('kindred/key');
    expect(
      secretNameOf(
        '{{resolve:secretsmanager:arn:aws:secretsmanager:eu-west-2:1:secret:a/b-AbCdEf:SecretString:k}}',
      ),
    ).toBe('a/b');
    expect(secretNameOf(`arn:aws:secretsmanager:eu-west-2:1:secret:${TOKEN}`)).toBeUndefined();
    expect(secretNameOf('arn:aws:s3:::bucket')).toBeUndefined();
  });

  it('reads every billable thing of the templates, nested and us-east-1 ones alike', () => {
    const inv = readInventory(stage);
    expect(inv.alarms.map((a) => [a.id, a.kind, a.metrics])).toEqual([
      ['A1', 'standard', 1],
      ['A2', 'high-resolution', 1],
      ['A3', 'standard', 2],
      ['C1', 'composite', 0],
    ]);
    expect(inv.dashboards).toBe(1);
    expect(inv.secretsCreated).toBe(1);
    expect(inv.secretsReferenced).toEqual(['kindred/register-key', 'kindred/stripe']);
    expect(inv.hostedZonesReferenced).toEqual(['Z123']);
    expect(inv.kmsKeys).toBe(1);
    expect(inv.webAcls.map((a) => [a.scope, a.rules.length])).toEqual([
      ['REGIONAL', 2],
      ['CLOUDFRONT', 3],
    ]);
    expect(inv.canaries).toEqual([
      expect.objectContaining({ name: 't-site', region: 'us-east-1', runsPerMonth: 8760, memoryMb: 1000 }),
    ]);
    expect(inv.schedules).toEqual([
      expect.objectContaining({ runsPerMonth: 730, target: expect.objectContaining({ service: 'a-job' }) }),
    ]);
    expect(inv.customMetrics).toEqual(['Kindred/UnhandledErrors{service=x}']);
    // Provisioned capacity and an unknown type are named, never silently free; custom resources are usage.
    expect(inv.unpriced.map((u) => u.type)).toEqual(['AWS::DynamoDB::Table', 'AWS::EC2::NatGateway']);
  });

  it('prices the fixed month line by line, and a donation along its path', () => {
    const e = estimate('t', readInventory(stage));
    const usd = (start: string) => e.fixed.find((l) => l.item.startsWith(start))?.usd;
    expect(usd('CloudWatch alarms (2, 1 of them metric math)')).toBeCloseTo(
      3 * PRICES.alarmStandardMetric.usd,
    );
    expect(usd('CloudWatch alarms, high resolution')).toBeCloseTo(PRICES.alarmHighResolutionMetric.usd);
    expect(usd('CloudWatch composite')).toBeCloseTo(PRICES.compositeAlarm.usd);
    expect(usd('WAF web ACLs')).toBe(2 * PRICES.wafWebAcl.usd);
    expect(usd('WAF rules (2 in -Stateful, 3 in -EdgeWatch)')).toBe(5 * PRICES.wafRule.usd);
    expect(usd('Canary t-site runs, every 5 minutes')).toBeCloseTo(8760 * PRICES.canaryRun.usd);
    expect(usd('Secrets the stacks create')).toBeCloseTo(PRICES.secret.usd);
    expect(usd('Secrets the stacks read')).toBeCloseTo(2 * PRICES.secret.usd);
    expect(usd('KMS')).toBe(PRICES.kmsKey.usd);
    expect(usd('Route 53 hosted zones the stacks publish in')).toBe(PRICES.hostedZone.usd);
    expect(usd('Job a-job, hourly, 1024 MB, 10 s')).toBeCloseTo(
      730 * (PRICES.lambdaRequest.usd + 10 * PRICES.lambdaGbSecondArmLondon.usd),
    );
    expect(e.fixedUsd).toBeCloseTo(e.fixed.reduce((n, l) => n + l.usd, 0));

    const calls = DONATION_PATH.reduce((n, s) => n + s.calls, 0);
    const donation = (start: string) => e.donation.find((l) => l.item.startsWith(start));
    expect(donation('API Gateway')?.quantity).toBe(calls);
    expect(donation('SES')?.usd).toBe(PRICES.sesMessage.usd);
    expect(donation('Lambda duration')?.quantity).toBeCloseTo(
      DONATION_PATH.reduce((n, s) => n + s.calls * 0.5 * (s.durationMs / 1000), 0),
    );
    expect(e.donationUsd).toBeGreaterThan(0.0001);
    expect(e.donationUsd).toBeLessThan(0.001);
  });

  it('refuses a donation path whose route has no function in the synth', () => {
    const [, stateful] = stage;
    expect(() => estimate('t', readInventory([stateful as StageTemplate]))).toThrow(
      "The donation path's route 'create-donation' has no function in the synth.",
    );
  });

  it('renders a table the docs hold between markers, and reads the stated figures back', () => {
    const e = estimate('t', readInventory(stage), { usd: 5, from: 'config', actualAlertPercent: 80 });
    const text = renderEstimate(e);
    expect(text).toContain('**Fixed total**');
    expect(text).toMatch(/WARNING:\s+that is under the fixed cost/);
    expect(text).toContain('**Not priced**');
    const docs = `# Doc\n\n${COST_BEGIN}\nold\n${COST_END}\n\nAfter.\n`;
    const updated = replaceCostBlock(docs, text);
    expect(costBlockOf(updated)).toBe(text);
    expect(updated.endsWith(`${COST_END}\n\nAfter.\n`)).toBe(true);
    expect(statedFigures(text)).toEqual({ alarms: 4, fixedUsd: Number(e.fixedUsd.toFixed(2)) });
    expect(costBlockOf('# no markers')).toBeUndefined();
    expect(() => replaceCostBlock('# no markers', text)).toThrow('no cost markers');
  });

  it('writes small amounts and quantities without exponents', () => {
    expect(smallUsd(0.1)).toBe('$0.10');
    expect(smallUsd(5)).toBe('$5.00');
    expect(smallUsd(0.0012)).toBe('$0.0012');
    expect(smallUsd(1.16e-6)).toBe('$0.00000116');
    expect(smallUsd(0.000237)).toBe('$0.000237');
    expect(quantity(8760)).toBe('8,760');
    expect(quantity(30.4166)).toBe('30.42');
    expect(quantity(0.0000098)).toBe('0.0000098');
  });
});
