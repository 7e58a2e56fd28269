import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { HOURS_PER_MONTH } from './prices';

/** A resource of a CloudFormation template, as far as the cost model reads it. */
export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

/** A CloudFormation template. */
export interface CfnTemplate {
  readonly Resources?: Record<string, CfnResource>;
}

/** One template of a stage: a top-level stack or a nested one (in its parent's region). */
export interface StageTemplate {
  /** Stack name; a nested stack is `<parent>/<logical id>`. */
  readonly stack: string;
  readonly region: string;
  readonly template: CfnTemplate;
}

/**
 * Every template of a stage in a cloud assembly (a `cdk synth` output folder or an in-process synth): the
 * stacks named `Kindred-<stage>-…` and, under them, their nested stacks (the route shards of `-Api`).
 */
export function stageTemplates(assembly: CloudAssembly, stage: string): StageTemplate[] {
  const out: StageTemplate[] = [];
  const add = (stack: string, region: string, template: CfnTemplate) => {
    out.push({ stack, region, template });
    for (const [id, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const file = resource.Metadata?.['aws:asset:path'];
      if (typeof file !== 'string')
        throw new Error(
          `Nested stack ${stack}/${id} names no template file: synthesize with asset metadata.`,
        );
      const nested = JSON.parse(readFileSync(path.join(assembly.directory, file), 'utf8')) as CfnTemplate;
      add(`${stack}/${id}`, region, nested);
    }
  };
  for (const artifact of assembly.stacks) {
    if (!artifact.stackName.startsWith(`Kindred-${stage}-`)) continue;
    add(artifact.stackName, artifact.environment.region, artifact.template as CfnTemplate);
  }
  if (out.length === 0)
    throw new Error(`No stack of stage '${stage}' (Kindred-${stage}-…) in ${assembly.directory}.`);
  return out;
}

/** An alarm and what CloudWatch bills it as. */
export interface AlarmItem {
  readonly stack: string;
  readonly id: string;
  /** `standard` (every metric at 60 s or more), `high-resolution` (a metric under 60 s) or `composite`. */
  readonly kind: 'standard' | 'high-resolution' | 'composite';
  /** Alarm metrics billed: the metrics it reads (a metric-math alarm's each; an anomaly band's three). */
  readonly metrics: number;
}

/** A web ACL and its rules. */
export interface WebAclItem {
  readonly stack: string;
  readonly id: string;
  readonly region: string;
  readonly scope: string;
  readonly rules: readonly string[];
}

/** A Synthetics canary. */
export interface CanaryItem {
  readonly stack: string;
  readonly name: string;
  readonly region: string;
  readonly schedule: string;
  readonly runsPerMonth: number;
  /** `RunConfig.MemoryInMB`, or Synthetics' default. */
  readonly memoryMb: number;
}

/** A Lambda function. */
export interface FunctionItem {
  readonly stack: string;
  readonly id: string;
  readonly region: string;
  /** `SERVICE_NAME` (a route or job id) when it has one. */
  readonly service?: string;
  readonly memoryMb: number;
  readonly arch: 'arm64' | 'x86_64';
}

/** A scheduled EventBridge rule and the function it starts. */
export interface ScheduleItem {
  readonly stack: string;
  readonly expression: string;
  readonly runsPerMonth: number;
  readonly target?: FunctionItem;
}

/** A resource with a fixed monthly charge the model does not price: `npm run cost` names it. */
export interface UnpricedItem {
  readonly stack: string;
  readonly id: string;
  readonly type: string;
  readonly why: string;
}

/** The billable things of a stage, read from its templates. */
export interface Inventory {
  readonly templates: number;
  readonly alarms: readonly AlarmItem[];
  readonly dashboards: number;
  /** Secrets the stacks create. */
  readonly secretsCreated: number;
  /** Secrets the stacks read but do not create (the config's ARNs and names), by name. */
  readonly secretsReferenced: readonly string[];
  readonly webAcls: readonly WebAclItem[];
  readonly canaries: readonly CanaryItem[];
  readonly kmsKeys: number;
  readonly hostedZonesCreated: number;
  /** Hosted zones the stacks publish records in but do not create (the config's `hostedZone`). */
  readonly hostedZonesReferenced: readonly string[];
  readonly functions: readonly FunctionItem[];
  readonly schedules: readonly ScheduleItem[];
  /**
   * Metrics of our own namespaces (not `AWS/…`) the alarms read: each is a custom metric for every hour it is
   * published (by namespace, name and literal dimensions).
   */
  readonly customMetrics: readonly string[];
  readonly unpriced: readonly UnpricedItem[];
}

/**
 * Resource types whose cost is only usage (requests, storage, data, logs) or nothing: no fixed monthly charge.
 * A type in neither this list nor the priced ones makes {@link readInventory} report it as unpriced, so a new
 * kind of resource is looked at before it is trusted to cost nothing (a unit test keeps the example stage at
 * none). Conditions that make one of these fixed (provisioned capacity) are checked where they apply.
 */
const USAGE_ONLY = new Set([
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Backup::BackupPlan',
  'AWS::Backup::BackupSelection',
  'AWS::Backup::BackupVault',
  // Budgets without actions are free.
  'AWS::Budgets::Budget',
  'AWS::CDK::Metadata',
  'AWS::CloudFormation::Stack',
  'AWS::CloudFront::CachePolicy',
  'AWS::CloudFront::Distribution',
  'AWS::CloudFront::Function',
  'AWS::CloudFront::OriginAccessControl',
  'AWS::CloudFront::OriginRequestPolicy',
  'AWS::CloudFront::ResponseHeadersPolicy',
  // CodeDeploy to Lambda is free.
  'AWS::CodeDeploy::Application',
  'AWS::CodeDeploy::DeploymentGroup',
  // Monthly active users (Essentials: 10,000 free).
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolDomain',
  'AWS::DynamoDB::Table',
  'AWS::Events::Rule',
  'AWS::IAM::ManagedPolicy',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::Alias',
  'AWS::Lambda::EventInvokeConfig',
  // The follow-mail queue's event source: free itself; its pollers' long polls (20 s) are SQS requests even on an
  // empty queue, a few hundred thousand a month (inside SQS's free million, else about $0.25): left as usage.
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::LayerVersion',
  'AWS::Lambda::Permission',
  'AWS::Lambda::Version',
  'AWS::Logs::LogGroup',
  'AWS::Route53::RecordSet',
  // Scheduled posts' one-off schedules: the group is free; invocations past 14 million a month are usage.
  'AWS::Scheduler::ScheduleGroup',
  'AWS::Route53::RecordSetGroup',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SES::ConfigurationSet',
  'AWS::SES::ConfigurationSetEventDestination',
  'AWS::SES::EmailIdentity',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  'AWS::SQS::Queue',
  'AWS::SQS::QueuePolicy',
  'AWS::WAFv2::LoggingConfiguration',
  'AWS::WAFv2::WebACLAssociation',
]);

/** The types {@link readInventory} prices itself. */
const PRICED = new Set([
  'AWS::CloudWatch::Alarm',
  'AWS::CloudWatch::CompositeAlarm',
  'AWS::CloudWatch::Dashboard',
  'AWS::SecretsManager::Secret',
  'AWS::WAFv2::WebACL',
  'AWS::Synthetics::Canary',
  'AWS::KMS::Key',
  'AWS::Route53::HostedZone',
]);

/** Synthetics' memory for a canary that names none (MB). */
export const CANARY_DEFAULT_MEMORY_MB = 1000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What {@link flatten} writes for a token (a `Ref`, a `Fn::GetAtt`…) in a joined string. */
export const TOKEN = '«token»';

/** A literal string, or a `Fn::Join` of literals with {@link TOKEN} for every token in it; undefined otherwise. */
function flatten(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && Array.isArray(value['Fn::Join'])) {
    const [sep, parts] = value['Fn::Join'] as [string, unknown[]];
    if (!Array.isArray(parts)) return undefined;
    return parts.map((p) => flatten(p) ?? TOKEN).join(sep);
  }
  return undefined;
}

/** Every string (and flattened join) anywhere in a value. */
function* strings(value: unknown): Generator<string> {
  const flat = flatten(value);
  if (flat !== undefined) {
    yield flat;
    if (typeof value === 'string') return;
  }
  if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (isRecord(value)) for (const v of Object.values(value)) yield* strings(v);
}

/** A secret's name from its ARN, without the six random characters Secrets Manager appends (or IAM's `??????`). */
const SECRET_ARN = /secretsmanager:[^:]*:[^:]*:secret:([^:}\s]+)/;
export function secretNameOf(arn: string): string | undefined {
  const match = SECRET_ARN.exec(arn);
  if (!match?.[1] || match[1].includes(TOKEN)) return undefined;
  return match[1].replace(/-(\?{6}|[A-Za-z0-9]{6})$/, '').replace(/\*$/, '');
}

/**
 * Runs a month of a schedule expression: `rate(n unit)`, or `cron(min hour day-of-month month day-of-week
 * year)` counting the minutes and hours it names on the days it names (a day-of-week list as its share of a
 * week, a day-of-month list as its share of a month).
 */
export function runsPerMonth(expression: string): number {
  const rate = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (rate) {
    const n = Number(rate[1]);
    if (n === 0) return 0;
    const minutes = { minute: 1, minutes: 1, hour: 60, hours: 60, day: 1440, days: 1440 }[
      rate[2] as 'minute'
    ];
    return (HOURS_PER_MONTH * 60) / (n * minutes);
  }
  const cron = /^cron\((.+)\)$/.exec(expression.trim());
  if (!cron?.[1]) throw new Error(`Unreadable schedule expression: ${expression}`);
  const [minute = '*', hour = '*', dom = '*', , dow = '*'] = cron[1].trim().split(/\s+/);
  const count = (field: string, size: number): number =>
    field.split(',').reduce((sum, part) => {
      if (part === '*' || part === '?') return sum + size;
      const step = /^(\*|\d+(?:-\d+)?)\/(\d+)$/.exec(part);
      if (step) {
        const [from, to] = step[1] === '*' ? [0, size - 1] : (step[1] as string).split('-').map(Number);
        const end = to ?? size - 1;
        return sum + Math.floor((end - (from as number)) / Number(step[2])) + 1;
      }
      const range = /^(\d+)-(\d+)$/.exec(part);
      if (range) return sum + Number(range[2]) - Number(range[1]) + 1;
      return sum + 1;
    }, 0);
  const daysPerMonth = HOURS_PER_MONTH / 24;
  const anyDay = (f: string) => f === '*' || f === '?';
  const days = anyDay(dom)
    ? anyDay(dow)
      ? daysPerMonth
      : (count(dayNumbers(dow).replace(/#\d+|L/g, ''), 7) / 7) * daysPerMonth
    : Math.min(count(dom.replace(/[LW]/g, ''), 31), daysPerMonth);
  return count(minute, 60) * count(hour, 24) * days;
}

/** A day-of-week field with its names as EventBridge's numbers (SUN is 1). */
const dayNumbers = (field: string) =>
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'].reduce(
    (f, day, i) => f.replace(new RegExp(day, 'gi'), String(i + 1)),
    field,
  );

/** Alarm metrics and kind of an `AWS::CloudWatch::Alarm`'s properties. */
export function alarmBilling(props: Record<string, unknown>): Pick<AlarmItem, 'kind' | 'metrics'> {
  const queries = Array.isArray(props.Metrics) ? (props.Metrics as Record<string, unknown>[]) : undefined;
  if (!queries) {
    const period = typeof props.Period === 'number' ? props.Period : 60;
    return { kind: period < 60 ? 'high-resolution' : 'standard', metrics: 1 };
  }
  const stats = queries.filter((q) => isRecord(q.MetricStat));
  const anomaly = queries.some(
    (q) => typeof q.Expression === 'string' && q.Expression.includes('ANOMALY_DETECTION_BAND'),
  );
  const highRes = stats.some((q) => {
    const period = (q.MetricStat as Record<string, unknown>).Period;
    return typeof period === 'number' && period < 60;
  });
  return {
    kind: highRes ? 'high-resolution' : 'standard',
    metrics: Math.max(1, stats.length) * (anomaly ? 3 : 1),
  };
}

/** The metric an alarm (or one of its queries) reads, when it is one of ours (not `AWS/…`). */
function customMetricsOf(props: Record<string, unknown>): string[] {
  const describe = (metric: Record<string, unknown>) => {
    const namespace = flatten(metric.Namespace);
    if (!namespace || namespace.startsWith('AWS/') || namespace === 'CloudWatchSynthetics') return [];
    const dims = Array.isArray(metric.Dimensions)
      ? (metric.Dimensions as { Name: string; Value: unknown }[])
          .map((d) => `${d.Name}=${flatten(d.Value) ?? JSON.stringify(d.Value)}`)
          .join(',')
      : '';
    return [`${namespace}/${flatten(metric.MetricName)}{${dims}}`];
  };
  if (!Array.isArray(props.Metrics)) return describe(props);
  return (props.Metrics as Record<string, unknown>[]).flatMap((q) =>
    isRecord(q.MetricStat) && isRecord(q.MetricStat.Metric) ? describe(q.MetricStat.Metric) : [],
  );
}

/** Reads the billable things of a stage's templates. */
export function readInventory(templates: readonly StageTemplate[]): Inventory {
  const alarms: AlarmItem[] = [];
  const webAcls: WebAclItem[] = [];
  const canaries: CanaryItem[] = [];
  const functions: FunctionItem[] = [];
  const schedules: ScheduleItem[] = [];
  const unpriced: UnpricedItem[] = [];
  const secretsReferenced = new Set<string>();
  const zonesReferenced = new Set<string>();
  const customMetrics = new Set<string>();
  let dashboards = 0;
  let secretsCreated = 0;
  let kmsKeys = 0;
  let hostedZonesCreated = 0;

  for (const { stack, region, template } of templates) {
    const resources = template.Resources ?? {};
    const fnByLogicalId = new Map<string, FunctionItem>();
    for (const [id, r] of Object.entries(resources)) {
      const props = r.Properties ?? {};
      for (const text of strings(props)) {
        const name = secretNameOf(text);
        if (name) secretsReferenced.add(name);
      }
      switch (r.Type) {
        case 'AWS::CloudWatch::Alarm':
          alarms.push({ stack, id, ...alarmBilling(props) });
          for (const m of customMetricsOf(props)) customMetrics.add(m);
          break;
        case 'AWS::CloudWatch::CompositeAlarm':
          alarms.push({ stack, id, kind: 'composite', metrics: 0 });
          break;
        case 'AWS::CloudWatch::Dashboard':
          dashboards++;
          break;
        case 'AWS::SecretsManager::Secret':
          secretsCreated++;
          break;
        case 'AWS::KMS::Key':
          kmsKeys++;
          break;
        case 'AWS::Route53::HostedZone':
          hostedZonesCreated++;
          break;
        case 'AWS::Route53::RecordSet':
        case 'AWS::Route53::RecordSetGroup':
          if (typeof props.HostedZoneId === 'string') zonesReferenced.add(props.HostedZoneId);
          break;
        case 'AWS::WAFv2::WebACL':
          webAcls.push({
            stack,
            id,
            region,
            scope: String(props.Scope),
            rules: ((props.Rules as { Name: string }[] | undefined) ?? []).map((rule) => rule.Name),
          });
          break;
        case 'AWS::Synthetics::Canary': {
          const schedule = String((props.Schedule as { Expression?: unknown } | undefined)?.Expression);
          const memory = (props.RunConfig as { MemoryInMB?: unknown } | undefined)?.MemoryInMB;
          canaries.push({
            stack,
            // A name with a token in it (a creation suffix) shows the token as `…`.
            name: flatten(props.Name)?.replaceAll(TOKEN, '…') ?? id,
            region,
            schedule,
            runsPerMonth: runsPerMonth(schedule),
            memoryMb: typeof memory === 'number' ? memory : CANARY_DEFAULT_MEMORY_MB,
          });
          break;
        }
        case 'AWS::Lambda::Function': {
          const env = (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
          const service = typeof env?.SERVICE_NAME === 'string' ? env.SERVICE_NAME : undefined;
          const arch = (props.Architectures as string[] | undefined)?.[0] === 'arm64' ? 'arm64' : 'x86_64';
          const fn: FunctionItem = {
            stack,
            id,
            region,
            service,
            memoryMb: typeof props.MemorySize === 'number' ? props.MemorySize : 128,
            arch,
          };
          functions.push(fn);
          fnByLogicalId.set(id, fn);
          break;
        }
        case 'AWS::Lambda::Alias':
          if (props.ProvisionedConcurrencyConfig)
            unpriced.push({ stack, id, type: r.Type, why: 'provisioned concurrency is billed by the hour' });
          break;
        case 'AWS::DynamoDB::Table':
          if (props.BillingMode !== 'PAY_PER_REQUEST')
            unpriced.push({ stack, id, type: r.Type, why: 'provisioned capacity is billed by the hour' });
          break;
        default:
          if (!PRICED.has(r.Type) && !USAGE_ONLY.has(r.Type) && !r.Type.startsWith('Custom::'))
            unpriced.push({
              stack,
              id,
              type: r.Type,
              why: 'not in the cost model (infra/cost/inventory.ts)',
            });
      }
    }
    // Scheduled rules, once the template's functions are known.
    for (const r of Object.values(resources)) {
      const expression = r.Type === 'AWS::Events::Rule' ? r.Properties?.ScheduleExpression : undefined;
      if (typeof expression !== 'string') continue;
      const targets = (r.Properties?.Targets as { Arn?: unknown }[] | undefined) ?? [];
      const target = targets
        .map((t) => (isRecord(t.Arn) ? (t.Arn['Fn::GetAtt'] as string[] | undefined)?.[0] : undefined))
        .map((id) => (id ? fnByLogicalId.get(id) : undefined))
        .find(Boolean);
      schedules.push({ stack, expression, runsPerMonth: runsPerMonth(expression), target });
    }
  }

  return {
    templates: templates.length,
    alarms,
    dashboards,
    secretsCreated,
    secretsReferenced: [...secretsReferenced].sort(),
    webAcls,
    canaries,
    kmsKeys,
    hostedZonesCreated,
    hostedZonesReferenced: [...zonesReferenced].sort(),
    functions,
    schedules,
    customMetrics: [...customMetrics].sort(),
    unpriced,
  };
}
