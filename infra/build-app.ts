import type { RouteDefinition } from '@shared/api/routes';
import type { JobDefinition } from '@shared/jobs';
import type { App, Environment } from 'aws-cdk-lib';
import { Tags } from 'aws-cdk-lib';
import { PRE_TOKEN_GENERATION, type ReservedConcurrencySetting, reservedConcurrency } from './concurrency';
import type { AppFunction } from './constructs/app-function';
import type { GivingSettings, RegisterSource } from './constructs/backend-access';
import { followMailSending } from './constructs/follow-mail';
import { type Capabilities, jobCapabilities, routeCapabilities } from './route-capabilities';
import { ApiStack } from './stacks/api-stack';
import { EdgeStack } from './stacks/edge-stack';
import { EdgeWatchStack } from './stacks/edge-watch-stack';
import { JobsStack } from './stacks/jobs-stack';
import { OpsStack } from './stacks/ops-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';
import { DEFAULT_MAIL_RATE_PER_SECOND } from './stage-config';

/** Everything the app is built from; `bin/app.ts` fills it from `config/<stage>.json`. */
export interface AppSettings {
  /** Account and region of every stack. */
  readonly env: Environment;
  /** Stage name: prefixes the stack names. */
  readonly stage: string;
  /** Written to `/config.json` as `environment` (`runtimeEnvironmentName`); the stage name by default. */
  readonly environmentName?: string;
  /** Address SES sends from. */
  readonly sesSender: string;
  /** Domain SES sends for (domain identity with DKIM and a custom MAIL FROM). */
  readonly mailDomain?: string;
  /** MAIL FROM subdomain of {@link mailDomain} (default `mail`). */
  readonly mailFromSubdomain?: string;
  /** Import the SES identity instead of creating it. */
  readonly importSenderIdentity?: boolean;
  /** Custom domain of the site; the CloudFront domain when absent. */
  readonly siteDomain?: string;
  /** us-east-1 ACM certificate ARN for {@link siteDomain}. */
  readonly certificateArn?: string;
  /** Charity register adapter. */
  readonly registerSource: RegisterSource;
  /** Secrets Manager secret name of the Charity Commission API key. */
  readonly registerApiKeySecretName?: string;
  /** Complete ARN of the Secrets Manager secret holding the Stripe secret key (payments). */
  readonly paymentsSecretArn?: string;
  /** Complete ARN of the secret holding the two Stripe webhook signing secrets. */
  readonly webhookSecretsArn?: string;
  /** Giving: the launch switch and the card fee. */
  readonly giving?: GivingSettings;
  /** A production stage (live payments). */
  readonly production?: boolean;
  /** Posts' launch switch (`updates.open`, issue 44). */
  readonly updatesOpen?: boolean;
  /** The SES rate of the mail to followers (`updates.mailRatePerSecond`). @default DEFAULT_MAIL_RATE_PER_SECOND */
  readonly mailRatePerSecond?: number;
  /** The route manifest. */
  readonly routes: readonly RouteDefinition[];
  /** Route ids by the API stack's nested shard. @default ROUTE_SHARDS (infra/route-shards.ts) */
  readonly routeShards?: Readonly<Record<string, readonly string[]>>;
  /** Capabilities of each route's function by route id. @default routeCapabilities */
  readonly routeCapabilities?: Readonly<Record<string, Capabilities>>;
  /** The job manifest. */
  readonly jobs: readonly JobDefinition[];
  /** Capabilities of each job's function by job id. @default jobCapabilities */
  readonly jobCapabilities?: Readonly<Record<string, Capabilities>>;
  /** Folder of `<route id>/handler.ts`. */
  readonly functionsDir: string;
  /** Folder of `<job id>/handler.ts`. */
  readonly jobsDir: string;
  /** Folder of the built SPA. */
  readonly webDistDir: string;
  /** Email address subscribed to the alarm topic (and the budget). */
  readonly alarmEmail?: string;
  /** HTTPS endpoint subscribed to the alarm topics beside the email. */
  readonly alarmHttpsEndpoint?: string;
  /** Route 53 hosted zone of the site and mail domains: DNS records are published there. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
  /** Monthly cost budget in US dollars (default `DEFAULT_MONTHLY_BUDGET_USD`, infra/stage-config.ts). */
  readonly monthlyBudgetUsd?: number;
  /**
   * ARN of an existing CLOUDFRONT web ACL for the site. Without it the app makes one in its own us-east-1
   * stack (`Kindred-<stage>-Edge`); `'none'` deploys without WAF (tests, throwaway stages).
   */
  readonly webAclArn?: string;
  /** Lambda reserved concurrency (`"plan"` or by route id); none by default. */
  readonly reservedConcurrency?: ReservedConcurrencySetting;
  /** The AWS managed WAF rule groups only count (the stage's `wafCountModeUntil` has not passed). */
  readonly wafManagedRulesCountOnly?: boolean;
  /** The charity page the synthetic canary opens (a registration number); the sitemap's first otherwise. */
  readonly canaryCharity?: string;
}

/** The stacks of one stage. */
export interface KindredStacks {
  readonly stateful: StatefulStack;
  readonly web: WebStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  /** The WAF web ACL stack in us-east-1 (absent when a web ACL ARN is given). */
  readonly edge?: EdgeStack;
  /** The canary and the CloudFront and WAF alarms, in us-east-1, after Web. */
  readonly edgeWatch: EdgeWatchStack;
  readonly ops: OpsStack;
}

/**
 * Adds the stacks of one stage to the app: stateful (data and identity) first, then the web front door
 * (which owns the HTTP API shell and so knows the site URL), then the scheduled jobs (the job manifest must not be
 * empty: the register refresh is what fills the register bucket) and the API functions (whose post routes schedule
 * the jobs stack's publisher).
 * Reads no environment and no context: the caller passes everything in.
 */
export function buildApp(app: App, settings: AppSettings): KindredStacks {
  const prefix = `Kindred-${settings.stage}`;
  const routeCaps = settings.routeCapabilities ?? routeCapabilities;
  const common = { env: settings.env };
  const backend = {
    registerSource: settings.registerSource,
    registerApiKeySecretName: settings.registerApiKeySecretName,
    updatesOpen: settings.updatesOpen ?? false,
  };

  const reservations = reservedConcurrency(settings.reservedConcurrency, settings.routes);
  const countOnly = settings.wafManagedRulesCountOnly ?? false;
  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    ...common,
    description: 'Kindred: table, user pool, media bucket and CDN, register bucket, SES sender (retained)',
    sesSender: settings.sesSender,
    mailDomain: settings.mailDomain,
    mailFromSubdomain: settings.mailFromSubdomain,
    importSenderIdentity: settings.importSenderIdentity,
    siteOrigin: settings.siteDomain && settings.certificateArn ? `https://${settings.siteDomain}` : undefined,
    registerApiKeySecretName: settings.registerApiKeySecretName,
    hostedZone: settings.hostedZone,
    preTokenReservedConcurrency: reservations.get(PRE_TOKEN_GENERATION),
    wafManagedRulesCountOnly: countOnly,
    wafLogName: `${settings.stage}-userpool`,
  });
  // A CLOUDFRONT web ACL can only be made in us-east-1: its own stack there, unless one is given.
  const edge =
    settings.webAclArn === undefined
      ? new EdgeStack(app, `${prefix}-Edge`, {
          env: { account: settings.env.account, region: 'us-east-1' },
          description: 'Kindred: WAF web ACL of the site distribution (CloudFront scope, so us-east-1)',
          crossRegionReferences: true,
          stage: settings.stage,
          routes: settings.routes,
          managedRulesCountOnly: countOnly,
        })
      : undefined;
  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    // The -Edge stack's web ACL comes in, the distribution goes out to -EdgeWatch: both in us-east-1.
    crossRegionReferences: true,
    webAclArn: edge ? edge.webAcl.attrArn : settings.webAclArn === 'none' ? undefined : settings.webAclArn,
    description: 'Kindred: site distribution, SPA bucket, /config.json and the HTTP API',
    stateful,
    environmentName: settings.environmentName ?? settings.stage,
    webDistDir: settings.webDistDir,
    siteDomain: settings.siteDomain,
    certificateArn: settings.certificateArn,
    hostedZone: settings.hostedZone,
  });
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    ...common,
    description: 'Kindred: scheduled jobs',
    stateful,
    siteUrl: web.siteUrl,
    jobs: settings.jobs,
    jobsDir: settings.jobsDir,
    capabilities: settings.jobCapabilities ?? jobCapabilities,
    followMailSending: followMailSending(settings.mailRatePerSecond ?? DEFAULT_MAIL_RATE_PER_SECOND),
    ...backend,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: 'Kindred: one Lambda function and API route per manifest route, and the deploy-time seed',
    stateful,
    httpApi: web.httpApi,
    siteUrl: web.siteUrl,
    originSecret: web.originSecret,
    routes: settings.routes,
    routeShards: settings.routeShards,
    capabilities: routeCaps,
    functionsDir: settings.functionsDir,
    paymentsSecretArn: settings.paymentsSecretArn,
    webhookSecretsArn: settings.webhookSecretsArn,
    giving: settings.giving,
    production: settings.production,
    reservedConcurrency: reservations,
    ...backend,
    // The post functions create schedules invoking the jobs stack's publisher: Api deploys after Jobs.
    postSchedules: jobs.postSchedules?.access,
  });

  const ops = new OpsStack(app, `${prefix}-Ops`, {
    ...common,
    description: 'Kindred: alarms, their topic, the dashboard and the monthly budget',
    httpApi: web.httpApi,
    routeFunctions: api.functions,
    jobFunctions: jobs.functions,
    failedRuns: jobs.failedRuns,
    mailSuppressions: api.mailSuppressions,
    followMail: { fn: jobs.followMailSender.fn, deadLetters: stateful.followMail.deadLetters },
    discoveryCards: { fn: jobs.discoveryCards.fn, deadLetters: jobs.discoveryCards.deadLetters },
    preTokenGeneration: stateful.preTokenGeneration,
    mailingFunctions: new Map([
      ...mailingFunctions(
        [api.functions, routeCaps],
        [jobs.functions, settings.jobCapabilities ?? jobCapabilities],
      ),
      ['FollowMailSender', jobs.followMailSender.fn],
    ]),
    alarmEmail: settings.alarmEmail,
    alarmHttpsEndpoint: settings.alarmHttpsEndpoint,
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
  });

  const siteAclArn = edge
    ? edge.webAcl.attrArn
    : settings.webAclArn === 'none'
      ? undefined
      : settings.webAclArn;
  const edgeWatch = new EdgeWatchStack(app, `${prefix}-EdgeWatch`, {
    env: { account: settings.env.account, region: 'us-east-1' },
    description: 'Kindred: site canary, CloudFront and WAF alarms (their metrics are in us-east-1)',
    crossRegionReferences: true,
    stage: settings.stage,
    distributionId: web.distribution.distributionId,
    siteUrl: web.siteUrl,
    webAclArn: siteAclArn,
    canaryCharity: settings.canaryCharity,
    // With a hosted zone the stacks publish the site's DNS before the canary; else runbook step 6 starts it.
    startCanary: settings.hostedZone !== undefined,
    alarmEmail: settings.alarmEmail,
    alarmHttpsEndpoint: settings.alarmHttpsEndpoint,
  });
  edgeWatch.addStackDependency(web);

  Tags.of(app).add('project', 'kindred');
  Tags.of(app).add('stage', settings.stage);
  return { stateful, web, api, jobs, edge, edgeWatch, ops };
}

/** The functions whose capabilities say `mail`, by `Route-<id>` or `Job-<id>` (for their alarms' names). */
function mailingFunctions(
  ...groups: [ReadonlyMap<string, AppFunction>, Readonly<Record<string, Capabilities>>][]
): Map<string, AppFunction> {
  const out = new Map<string, AppFunction>();
  groups.forEach(([functions, capabilities], i) => {
    for (const [id, fn] of functions) {
      if (capabilities[id]?.mail) out.set(`${i === 0 ? 'Route' : 'Job'}-${id}`, fn);
    }
  });
  return out;
}
