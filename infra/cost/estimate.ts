import {
  CANARY_RUN,
  DONATION_PATH,
  DONATION_SECRET_READS,
  type DonationStep,
  JOB_DEFAULT_SECONDS,
  JOB_SECONDS,
  REQUEST,
} from './assumptions';
import type { FunctionItem, Inventory } from './inventory';
import { HOURS_PER_MONTH, PRICES, type PriceName } from './prices';

/** One line of an estimate: a quantity at a list price. */
export interface Line {
  readonly item: string;
  readonly quantity: number;
  /** What one of the quantity is. */
  readonly unit: string;
  readonly unitUsd: number;
  readonly usd: number;
}

/** The budget the stage's Ops stack creates, and where its figure comes from. */
export interface BudgetInfo {
  readonly usd: number;
  readonly from: 'config' | 'default';
  /** Percent of the budget at which the ACTUAL notification fires. */
  readonly actualAlertPercent: number;
}

/** What a stage costs: its fixed month and one donation. */
export interface Estimate {
  readonly stage: string;
  readonly fixed: readonly Line[];
  readonly fixedUsd: number;
  readonly donation: readonly Line[];
  readonly donationUsd: number;
  /** The donation path as priced: each step with the memory its function has in the synth. */
  readonly path: readonly (DonationStep & Pick<FunctionItem, 'memoryMb' | 'arch' | 'region'>)[];
  readonly alarms: { readonly count: number; readonly metrics: number };
  /**
   * The custom metrics a donation publishes, and what they add to a donation alone in its hour (a metric is
   * billed for each hour it is published in, so the donations of one hour share it).
   */
  readonly donationMetrics: { readonly names: readonly string[]; readonly aloneInHourUsd: number };
  /** Custom metrics the alarms read, and what they would cost if every one were published every hour. */
  readonly customMetrics: { readonly count: number; readonly ceilingUsd: number };
  /** What the stacks use without creating it (the config's secrets and hosted zone). */
  readonly referenced: { readonly secrets: readonly string[]; readonly hostedZones: readonly string[] };
  readonly budget?: BudgetInfo;
  readonly unpriced: Inventory['unpriced'];
}

const line = (item: string, quantity: number, unit: string, price: PriceName): Line => ({
  item,
  quantity,
  unit,
  unitUsd: PRICES[price].usd,
  usd: quantity * PRICES[price].usd,
});
/** A line whose unit price is computed (a canary run's traffic, a job run). */
const perUnit = (item: string, quantity: number, unit: string, unitUsd: number): Line => ({
  item,
  quantity,
  unit,
  unitUsd,
  usd: quantity * unitUsd,
});
const sum = (lines: readonly Line[]) => lines.reduce((total, l) => total + l.usd, 0);
const GB = 1024 ** 3;
/** The stack's short name, `-Edge` for `Kindred-<stage>-Edge` (nested stacks by their parent). */
const short = (stack: string) => `-${(stack.split('/')[0] ?? stack).split('-').slice(2).join('-')}`;

/** A schedule in a few words: `hourly`, `daily`, `every 5 minutes`, else its expression. */
export function scheduleWords(expression: string, runs: number): string {
  if (Math.abs(runs - HOURS_PER_MONTH) < 1e-9) return 'hourly';
  if (Math.abs(runs - HOURS_PER_MONTH / 24) < 1e-9) return 'daily';
  const rate = /^rate\((\d+ \w+)\)$/.exec(expression);
  return rate ? `every ${rate[1]}` : expression;
}

/** Lambda's GB-second price for a function's region and architecture. */
function gbSecond(fn: Pick<FunctionItem, 'region' | 'arch'>): PriceName {
  if (fn.region === 'us-east-1') return 'lambdaGbSecondX86UsEast1';
  return fn.arch === 'arm64' ? 'lambdaGbSecondArmLondon' : 'lambdaGbSecondX86London';
}

/** What one invocation of `memoryMb` for `ms` costs (request and duration). */
function invocationUsd(fn: Pick<FunctionItem, 'region' | 'arch'>, memoryMb: number, ms: number): number {
  return PRICES.lambdaRequest.usd + (memoryMb / 1024) * (ms / 1000) * PRICES[gbSecond(fn)].usd;
}

function fixedLines(inv: Inventory): Line[] {
  const lines: Line[] = [];
  const alarms = (kind: string) => inv.alarms.filter((a) => a.kind === kind);
  const metrics = (list: readonly { metrics: number }[]) => list.reduce((n, a) => n + a.metrics, 0);
  const standard = alarms('standard');
  if (standard.length > 0) {
    const math = standard.filter((a) => a.metrics > 1).length;
    lines.push(
      line(
        `CloudWatch alarms (${standard.length}${math > 0 ? `, ${math} of them metric math` : ''})`,
        metrics(standard),
        'alarm metric',
        'alarmStandardMetric',
      ),
    );
  }
  const highRes = alarms('high-resolution');
  if (highRes.length > 0)
    lines.push(
      line(
        `CloudWatch alarms, high resolution (${highRes.length})`,
        metrics(highRes),
        'alarm metric',
        'alarmHighResolutionMetric',
      ),
    );
  const composite = alarms('composite');
  if (composite.length > 0)
    lines.push(line('CloudWatch composite alarms', composite.length, 'alarm', 'compositeAlarm'));
  if (inv.dashboards > 0) lines.push(line('CloudWatch dashboards', inv.dashboards, 'dashboard', 'dashboard'));

  if (inv.webAcls.length > 0) {
    const acls = inv.webAcls.map((a) => `${short(a.stack)} ${a.scope}`).join(', ');
    lines.push(line(`WAF web ACLs (${acls})`, inv.webAcls.length, 'web ACL', 'wafWebAcl'));
    const rules = inv.webAcls.map((a) => `${a.rules.length} in ${short(a.stack)}`).join(', ');
    lines.push(
      line(
        `WAF rules (${rules})`,
        inv.webAcls.reduce((n, a) => n + a.rules.length, 0),
        'rule',
        'wafRule',
      ),
    );
  }

  for (const canary of inv.canaries) {
    const runs = canary.runsPerMonth;
    const when = scheduleWords(canary.schedule, runs);
    lines.push(line(`Canary ${canary.name} runs, ${when}`, runs, 'run', 'canaryRun'));
    const fn = { region: canary.region, arch: 'x86_64' as const };
    lines.push(
      line(
        `Canary's Lambda, ${canary.memoryMb} MB, ${CANARY_RUN.durationSeconds} s a run (assumed)`,
        runs * (canary.memoryMb / 1024) * CANARY_RUN.durationSeconds,
        'GB-second',
        gbSecond(fn),
      ),
    );
    lines.push(
      line(
        `Canary's artifacts, ${CANARY_RUN.artifactPuts} objects a run (assumed)`,
        runs * CANARY_RUN.artifactPuts,
        'PUT',
        's3PutUsEast1',
      ),
    );
    // Its own requests to the site: CloudFront (a US edge) and WAF for each, and a few reach the API.
    const api = inv.functions.find((f) => f.service === 'health');
    const perRun =
      CANARY_RUN.siteRequests *
        (PRICES.cloudFrontHttpsRequestUs.usd +
          PRICES.wafRequest.usd +
          (REQUEST.wafLogBytes / GB) * PRICES.vendedLogsUsEast1.usd) +
      CANARY_RUN.apiRequests *
        (PRICES.httpApiRequest.usd +
          invocationUsd(
            api ?? { region: 'eu-west-2', arch: 'arm64' },
            api?.memoryMb ?? 512,
            CANARY_RUN.apiDurationMs,
          ) +
          PRICES.xrayTrace.usd +
          (REQUEST.functionLogBytes / GB) * PRICES.logsIngestedLondon.usd);
    lines.push(
      perUnit(
        `Canary's requests, ${CANARY_RUN.siteRequests} a run, ${CANARY_RUN.apiRequests} to the API (assumed)`,
        runs,
        'run',
        perRun,
      ),
    );
  }

  if (inv.secretsCreated > 0)
    lines.push(line('Secrets the stacks create', inv.secretsCreated, 'secret', 'secret'));
  if (inv.secretsReferenced.length > 0)
    lines.push(
      line('Secrets the stacks read, made by hand', inv.secretsReferenced.length, 'secret', 'secret'),
    );
  if (inv.kmsKeys > 0) lines.push(line('KMS customer managed keys', inv.kmsKeys, 'key', 'kmsKey'));
  if (inv.hostedZonesCreated > 0)
    lines.push(line('Route 53 hosted zones the stacks create', inv.hostedZonesCreated, 'zone', 'hostedZone'));
  if (inv.hostedZonesReferenced.length > 0)
    lines.push(
      line(
        'Route 53 hosted zones the stacks publish in',
        inv.hostedZonesReferenced.length,
        'zone',
        'hostedZone',
      ),
    );

  for (const schedule of inv.schedules) {
    const fn = schedule.target;
    if (!fn) continue;
    const job = fn.service ?? fn.id;
    const seconds = JOB_SECONDS[job] ?? JOB_DEFAULT_SECONDS;
    lines.push(
      perUnit(
        `Job ${job}, ${scheduleWords(schedule.expression, schedule.runsPerMonth)}, ${fn.memoryMb} MB, ${seconds} s (assumed)`,
        schedule.runsPerMonth,
        'run',
        invocationUsd(fn, fn.memoryMb, seconds * 1000),
      ),
    );
  }
  return lines;
}

function donationLines(path: Estimate['path']): Line[] {
  const calls = path.reduce((n, s) => n + s.calls, 0);
  const total = (f: (s: Estimate['path'][number]) => number) => path.reduce((n, s) => n + s.calls * f(s), 0);
  // GB-seconds by price (region and architecture).
  const gbSeconds = new Map<PriceName, { arch: string; seconds: number }>();
  for (const s of path) {
    const price = gbSecond(s);
    const seconds =
      (gbSeconds.get(price)?.seconds ?? 0) + s.calls * (s.memoryMb / 1024) * (s.durationMs / 1000);
    gbSeconds.set(price, { arch: s.arch, seconds });
  }
  const mails = total((s) => s.mails ?? 0);
  const lines: Line[] = [];
  if (mails > 0) lines.push(line("SES: the donor's receipt", mails, 'mail', 'sesMessage'));
  lines.push(
    line(
      'DynamoDB on-demand writes',
      total((s) => s.writeUnits),
      'write request unit',
      'dynamoWriteUnit',
    ),
  );
  lines.push(
    line(
      'DynamoDB on-demand reads',
      total((s) => s.readUnits),
      'read request unit',
      'dynamoReadUnit',
    ),
  );
  if (REQUEST.traced) lines.push(line('X-Ray traces (active tracing)', calls, 'trace', 'xrayTrace'));
  for (const [price, { arch, seconds }] of gbSeconds)
    lines.push(line(`Lambda duration (${arch}, memory as synthesized)`, seconds, 'GB-second', price));
  lines.push(line('Lambda invocations', calls, 'invocation', 'lambdaRequest'));
  lines.push(line('API Gateway HTTP API requests', calls, 'request', 'httpApiRequest'));
  lines.push(
    line('CloudFront HTTPS requests (European edge)', calls, 'request', 'cloudFrontHttpsRequestEurope'),
  );
  lines.push(line('WAF requests inspected', calls, 'request', 'wafRequest'));
  lines.push(
    line(
      `WAF logs (${REQUEST.wafLogBytes} bytes a request)`,
      (calls * REQUEST.wafLogBytes) / GB,
      'GB',
      'vendedLogsUsEast1',
    ),
  );
  lines.push(
    line(
      `Function logs (${REQUEST.functionLogBytes} bytes an invocation)`,
      (calls * REQUEST.functionLogBytes) / GB,
      'GB',
      'logsIngestedLondon',
    ),
  );
  if (DONATION_SECRET_READS > 0)
    lines.push(line('Secrets Manager reads (cold starts)', DONATION_SECRET_READS, 'API call', 'secretRead'));
  return lines;
}

/** The donation path with each step's function as synthesized; a route missing from the synth is an error. */
function pricedPath(inv: Inventory): Estimate['path'] {
  return DONATION_PATH.map((step) => {
    const fn = inv.functions.find((f) => f.service === step.route);
    if (!fn) throw new Error(`The donation path's route '${step.route}' has no function in the synth.`);
    return { ...step, memoryMb: fn.memoryMb, arch: fn.arch, region: fn.region };
  });
}

/** Prices a stage's inventory: its fixed month and one donation. */
export function estimate(stage: string, inv: Inventory, budget?: BudgetInfo): Estimate {
  const fixed = fixedLines(inv);
  const path = pricedPath(inv);
  const donation = donationLines(path);
  const metrics = [...new Set(path.flatMap((s) => s.metrics ?? []))];
  return {
    stage,
    fixed,
    fixedUsd: sum(fixed),
    donation,
    donationUsd: sum(donation),
    path,
    donationMetrics: {
      names: metrics,
      aloneInHourUsd: metrics.length * (PRICES.customMetric.usd / HOURS_PER_MONTH),
    },
    alarms: {
      count: inv.alarms.length,
      metrics: inv.alarms.reduce((n, a) => n + a.metrics, 0),
    },
    customMetrics: {
      count: inv.customMetrics.length,
      ceilingUsd: inv.customMetrics.length * PRICES.customMetric.usd,
    },
    referenced: { secrets: inv.secretsReferenced, hostedZones: inv.hostedZonesReferenced },
    budget,
    unpriced: inv.unpriced,
  };
}
