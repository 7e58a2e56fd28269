/**
 * The deploy preflight: what `npm run deploy -- <stage>` checks before it changes anything (docs/operating.md,
 * "First production deploy"). Pure: every AWS read is behind {@link PreflightPort}, so the checks are tested
 * with a fake (`checks.test.ts`) and run against AWS through `aws-port.ts`.
 */
import type { RouteDefinition } from '@shared/api/route';
import { routeList } from '@shared/api/routes';
import { reservedConcurrency, totalReserved, UNRESERVED_MINIMUM } from '../concurrency';
import type { StageConfig } from '../stage-config';

/** The region every CloudFront-scoped resource (certificate, web ACL, the -Edge stack) lives in. */
export const EDGE_REGION = 'us-east-1';
/** CDK's default bootstrap qualifier (`@aws-cdk/core:bootstrapQualifier` overrides it). */
export const DEFAULT_QUALIFIER = 'hnb659fds';
/** Oldest bootstrap stack version the synthesised templates accept (their `CheckBootstrapVersion` rule). */
export const MIN_BOOTSTRAP_VERSION = 6;
/** Service Quotas' code of Lambda's "Concurrent executions". */
export const CONCURRENT_EXECUTIONS_QUOTA_CODE = 'L-B99A9384';
/** The concurrency quota to ask a new account for (its quota may be 10; 1,000 is AWS's usual one). */
export const RECOMMENDED_CONCURRENCY = 1000;
/** Longer than this ahead, a `wafCountModeUntil` is more likely copied than meant (count mode is for launch). */
export const WAF_COUNT_MODE_MAX_DAYS = 60;

/** An ACM certificate as the preflight needs it. */
export interface CertificateFacts {
  readonly status: string;
  /** The certificate's domain name and subject alternative names. */
  readonly domains: readonly string[];
}

/** An SES identity's state (SESv2 GetEmailIdentity). */
export interface IdentityFacts {
  readonly verified: boolean;
  /** `SUCCESS`, `PENDING`, `FAILED`, `TEMPORARY_FAILURE`, `NOT_STARTED` (domain identities). */
  readonly dkimStatus?: string;
  /** MAIL FROM status: `SUCCESS`, `PENDING`, `FAILED`, `TEMPORARY_FAILURE`. */
  readonly mailFromStatus?: string;
}

/** SES's account state in a region (SESv2 GetAccount). */
export interface SesAccountFacts {
  readonly productionAccessEnabled: boolean;
  readonly sendingEnabled: boolean;
  /** The latest production-access request: `PENDING`, `GRANTED`, `DENIED` or `FAILED`; absent when none. */
  readonly review?: { readonly status: string; readonly caseId?: string };
}

/** The AWS reads of the preflight. Each throws on an error other than "not found". */
export interface PreflightPort {
  /** The caller's account (STS GetCallerIdentity). */
  callerAccount(): Promise<string>;
  /** The bootstrap version in a region (SSM `/cdk-bootstrap/<qualifier>/version`), or undefined. */
  bootstrapVersion(region: string, qualifier: string): Promise<number | undefined>;
  /** An ACM certificate by ARN (read in the ARN's region), or undefined when there is none. */
  certificate(arn: string): Promise<CertificateFacts | undefined>;
  /** Whether a Secrets Manager secret (name or ARN) exists in the region and has a value. */
  secretExists(secretId: string, region: string): Promise<boolean>;
  /** SES account state in the region (SESv2 GetAccount). */
  sesAccount(region: string): Promise<SesAccountFacts>;
  /** An SES identity, or undefined when it does not exist yet. */
  sesIdentity(identity: string, region: string): Promise<IdentityFacts | undefined>;
  /**
   * How many HTTP API routes a deployed stack holds itself, not in its nested stacks (CloudFormation
   * ListStackResources), or undefined when there is no such stack.
   */
  ownRouteCount(stackName: string, region: string): Promise<number | undefined>;
  /** The account's Lambda concurrent-executions quota in the region (GetAccountSettings). */
  lambdaConcurrencyLimit(region: string): Promise<number>;
}

/** One check's outcome: an `error` stops the deploy, a `warning` is printed, `ok` says what was checked. */
export interface Finding {
  readonly level: 'ok' | 'warning' | 'error';
  readonly check: string;
  readonly message: string;
  /** The command or step that fixes it. */
  readonly fix?: string;
}

/** Whether a certificate name (`example.org`, `*.example.org`) covers `domain`. */
export function certificateCovers(names: readonly string[], domain: string): boolean {
  const wanted = domain.toLowerCase();
  return names.some((raw) => {
    const name = raw.toLowerCase();
    if (name === wanted) return true;
    if (!name.startsWith('*.')) return false;
    const rest = wanted.slice(wanted.indexOf('.') + 1);
    return wanted.includes('.') && rest === name.slice(2);
  });
}

/** The region of an ARN (`arn:aws:<service>:<region>:…`), or undefined. */
export function arnRegion(arn: string): string | undefined {
  return arn.split(':')[3] || undefined;
}

/** The secrets a stage needs: Stripe key, webhook signing secrets, the Commission API key. */
export function requiredSecrets(config: StageConfig): { what: string; id: string; region: string }[] {
  const out: { what: string; id: string; region: string }[] = [];
  const at = (arn: string) => arnRegion(arn) ?? config.region;
  if (config.stripeSecretArn) {
    out.push({
      what: 'Stripe secret key (stripeSecretArn)',
      id: config.stripeSecretArn,
      region: at(config.stripeSecretArn),
    });
  }
  if (config.stripeWebhookSecretsArn) {
    const id = config.stripeWebhookSecretsArn;
    out.push({ what: 'Stripe webhook signing secrets (stripeWebhookSecretsArn)', id, region: at(id) });
  }
  if (config.registerSource === 'api' && config.registerApiKeySecretName) {
    const id = config.registerApiKeySecretName;
    out.push({ what: 'Charity Commission API key (registerApiKeySecretName)', id, region: config.region });
  }
  return out;
}

/** `cdk bootstrap` for every region that needs it, as one command (docs/operating.md's runbook names it). */
export function bootstrapCommand(account: string, regions: readonly string[], qualifier: string): string {
  const targets = regions.map((r) => `aws://${account}/${r}`).join(' ');
  return `npx cdk bootstrap ${targets}${qualifier === DEFAULT_QUALIFIER ? '' : ` --qualifier ${qualifier}`}`;
}

/** The Service Quotas request for Lambda's concurrent executions (AWS CLI v2; approved in a day or two). */
export function quotaIncreaseCommand(region: string, desired: number): string {
  return `aws service-quotas request-service-quota-increase --service-code lambda --quota-code ${CONCURRENT_EXECUTIONS_QUOTA_CODE} --desired-value ${desired} --region ${region}`;
}

/** The request for SES production access (AWS CLI v2); AWS reviews it within about a day. */
export function sesProductionAccessCommand(region: string, siteDomain: string | undefined): string {
  return `aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url https://${siteDomain ?? '<siteDomain>'} --contact-language EN --region ${region}`;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs one check; an unexpected error (access denied, no network) is an error finding of that check. */
async function guarded(check: string, run: () => Promise<Finding[]>): Promise<Finding[]> {
  try {
    return await run();
  } catch (error) {
    return [{ level: 'error', check, message: `could not be checked: ${describe(error)}` }];
  }
}

/** Options of {@link runPreflight}. */
export interface PreflightOptions {
  readonly stage: string;
  readonly config: StageConfig;
  /** The CDK bootstrap qualifier. @default DEFAULT_QUALIFIER */
  readonly qualifier?: string;
  /** Whether the stage has an -Edge stack in us-east-1 (no `webAclArn` in its config). */
  readonly needsEdgeRegion?: boolean;
  /** The route manifest (the concurrency plan reads its public reads). @default routeList */
  readonly routes?: readonly RouteDefinition[];
  /** Today, for `wafCountModeUntil`. @default new Date() */
  readonly today?: Date;
}

/**
 * Every check, each independent of the others' outcome: the account, the bootstrap of the stage's region and
 * of us-east-1, the certificate, every secret the stage needs, SES production access and the sender
 * identity, the routes' shards, the Lambda concurrency quota, the WAF count mode. Nothing is changed.
 */
export async function runPreflight(port: PreflightPort, options: PreflightOptions): Promise<Finding[]> {
  const { config } = options;
  const qualifier = options.qualifier ?? DEFAULT_QUALIFIER;
  const findings: Finding[] = [];

  let account: string | undefined;
  findings.push(
    ...(await guarded('account', async () => {
      account = await port.callerAccount();
      if (config.account && account !== config.account) {
        return [
          {
            level: 'error',
            check: 'account',
            message: `the credentials are for account ${account}, config/${options.stage}.json names ${config.account}`,
            fix: 'use a profile of the configured account (AWS_PROFILE=… npm run deploy -- <stage>)',
          },
        ];
      }
      return [{ level: 'ok', check: 'account', message: `deploying to account ${account}` }];
    })),
  );

  const edge = options.needsEdgeRegion ?? config.webAclArn === undefined;
  const regions = [...new Set([config.region, ...(edge ? [EDGE_REGION] : [])])];
  findings.push(
    ...(await guarded('bootstrap', async () => {
      const missing: string[] = [];
      const out: Finding[] = [];
      for (const region of regions) {
        const version = await port.bootstrapVersion(region, qualifier);
        if (version === undefined || version < MIN_BOOTSTRAP_VERSION) missing.push(region);
        else
          out.push({
            level: 'ok',
            check: 'bootstrap',
            message: `${region} bootstrapped (version ${version})`,
          });
      }
      if (missing.length) {
        const who = account ?? config.account ?? '<account>';
        out.push({
          level: 'error',
          check: 'bootstrap',
          message: `not bootstrapped (or older than version ${MIN_BOOTSTRAP_VERSION}): ${missing.join(', ')}`,
          fix: bootstrapCommand(who, missing, qualifier),
        });
      }
      return out;
    })),
  );

  if (config.certificateArn) {
    const arn = config.certificateArn;
    findings.push(...(await guarded('certificate', () => checkCertificate(port, arn, config.siteDomain))));
  } else if (config.production) {
    findings.push({
      level: 'error',
      check: 'certificate',
      message: 'a production stage needs certificateArn',
    });
  }

  for (const secret of requiredSecrets(config)) {
    findings.push(
      ...(await guarded('secrets', async () =>
        (await port.secretExists(secret.id, secret.region))
          ? [{ level: 'ok', check: 'secrets', message: `${secret.what} exists` }]
          : [
              {
                level: 'error',
                check: 'secrets',
                message: `${secret.what} not found in ${secret.region}: ${secret.id}`,
                fix: 'create it (docs/operating.md, "Giving" and "First production deploy") or fix the config',
              },
            ],
      )),
    );
  }
  if (config.production && config.stripeSecretArn === null) {
    findings.push({
      level: 'warning',
      check: 'secrets',
      message: 'stripeSecretArn is null: payments are off',
    });
  }

  findings.push(...(await guarded('ses', () => checkSes(port, config))));
  findings.push(...(await guarded('routes', () => checkRouteShards(port, options.stage, config.region))));
  findings.push(
    ...(await guarded('concurrency', () =>
      checkConcurrency(port, options.stage, config, options.routes ?? routeList),
    )),
  );
  findings.push(...checkWafCountMode(config, options.today ?? new Date()));
  return findings;
}

/**
 * A stage deployed before the routes moved into the API stack's nested shards (decision 18.10) still has its
 * routes in `-Api` itself: the update would create each route a second time, which API Gateway refuses, and
 * roll back. Say so before, with the one-time move.
 */
async function checkRouteShards(port: PreflightPort, stage: string, region: string): Promise<Finding[]> {
  const stackName = `Kindred-${stage}-Api`;
  const own = await port.ownRouteCount(stackName, region);
  if (!own) {
    return [
      {
        level: 'ok',
        check: 'routes',
        message: own === undefined ? `${stackName} will be created` : `${stackName} has its routes in shards`,
      },
    ];
  }
  return [
    {
      level: 'error',
      check: 'routes',
      message: `${stackName} holds ${own} routes itself, from before the routes moved into nested shards (canary releases): the update would create each route twice and roll back`,
      fix: `move it once (the API is down until the deploy ends; Ops' alarm subscriptions must be confirmed again): npx cdk destroy -c stage=${stage} Kindred-${stage}-Ops ${stackName}, then npm run deploy -- ${stage}`,
    },
  ];
}

/**
 * Lambda refuses reservations that leave fewer than 100 unreserved, and a refused reservation rolls a stack
 * back (in `-Stateful`, whose retained resources then block the rollback): check the account's quota allows
 * the stage's reservations, and name the Service Quotas request.
 */
async function checkConcurrency(
  port: PreflightPort,
  stage: string,
  config: StageConfig,
  routes: readonly RouteDefinition[],
): Promise<Finding[]> {
  const check = 'concurrency';
  const reserved = totalReserved(reservedConcurrency(config.reservedConcurrency, routes));
  const needed = reserved + UNRESERVED_MINIMUM;
  const quota = await port.lambdaConcurrencyLimit(config.region);
  const request = quotaIncreaseCommand(config.region, Math.max(RECOMMENDED_CONCURRENCY, needed));
  if (reserved && quota < needed) {
    return [
      {
        level: 'error',
        check,
        message: `config/${stage}.json reserves ${reserved} concurrent executions (reservedConcurrency) and Lambda keeps ${UNRESERVED_MINIMUM} unreserved, so the stage needs a quota of ${needed}; the quota in ${config.region} is ${quota}: Lambda would refuse the reservations and the deploy would roll back. Request the increase (a day or two), or remove reservedConcurrency until it is granted`,
        fix: request,
      },
    ];
  }
  if (quota < RECOMMENDED_CONCURRENCY) {
    return [
      {
        level: config.production ? 'warning' : 'ok',
        check,
        message: `the Lambda concurrency quota in ${config.region} is ${quota}: the routes throttle each other under load (ask for ${RECOMMENDED_CONCURRENCY} before launch)`,
        fix: request,
      },
    ];
  }
  return [{ level: 'ok', check, message: `quota ${quota}, ${reserved} reserved` }];
}

/** Count mode is for the weeks after launch: a date far ahead was more likely copied than meant. */
function checkWafCountMode(config: StageConfig, today: Date): Finding[] {
  const until = config.wafCountModeUntil;
  if (!until) return [];
  const check = 'waf';
  const day = 86_400_000;
  const days = Math.round(
    (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`)) / day,
  );
  if (days < 0)
    return [{ level: 'ok', check, message: `the managed rules block (count mode ended ${until})` }];
  if (days > WAF_COUNT_MODE_MAX_DAYS) {
    return [
      {
        level: 'warning',
        check,
        message: `the AWS managed WAF rules only count, blocking nothing, for ${days} more days (wafCountModeUntil ${until}): count mode is for the first weeks after launch`,
        fix: 'set wafCountModeUntil to about 30 days after launch, or remove it to block now',
      },
    ];
  }
  return [
    { level: 'ok', check, message: `the managed rules count, not block, through ${until} (${days} days)` },
  ];
}

async function checkCertificate(
  port: PreflightPort,
  arn: string,
  siteDomain: string | undefined,
): Promise<Finding[]> {
  const check = 'certificate';
  if (arnRegion(arn) !== EDGE_REGION) {
    return [
      { level: 'error', check, message: `${arn} is not in ${EDGE_REGION} (CloudFront needs it there)` },
    ];
  }
  const cert = await port.certificate(arn);
  if (!cert) return [{ level: 'error', check, message: `no certificate ${arn} in this account` }];
  const out: Finding[] = [];
  if (cert.status !== 'ISSUED') {
    out.push({
      level: 'error',
      check,
      message: `the certificate is ${cert.status}, not ISSUED`,
      fix: 'publish its DNS validation CNAMEs (ACM console, us-east-1) and wait for ISSUED',
    });
  }
  if (siteDomain && !certificateCovers(cert.domains, siteDomain)) {
    out.push({
      level: 'error',
      check,
      message: `the certificate covers ${cert.domains.join(', ')}, not ${siteDomain}`,
    });
  }
  if (!out.length)
    out.push({ level: 'ok', check, message: `issued in ${EDGE_REGION}, covers ${siteDomain}` });
  return out;
}

/**
 * SES: production access, sending, and the sender identity. AWS grants production access to a verified
 * domain, which the first deploy creates: so the sandbox is a warning until the identity is verified (request
 * access then), a failure once it is verified and nobody has asked, a warning again while the request is
 * under review.
 */
async function checkSes(port: PreflightPort, config: StageConfig): Promise<Finding[]> {
  const check = 'ses';
  const out: Finding[] = [];
  const account = await port.sesAccount(config.region);
  const name = config.mailDomain ?? config.sesSender;
  const identity = await port.sesIdentity(name, config.region);
  if (!account.productionAccessEnabled) out.push(sandboxFinding(config, account, name, identity));
  if (!account.sendingEnabled) {
    out.push({ level: 'error', check, message: `SES sending is paused for the account in ${config.region}` });
  }
  if (!identity) {
    out.push(
      config.sesIdentity === 'import'
        ? { level: 'error', check, message: `sesIdentity is 'import' but there is no identity ${name}` }
        : { level: 'ok', check, message: `identity ${name} will be created (publish its DNS records after)` },
    );
    return out;
  }
  const dkim = identity.dkimStatus ? `, DKIM ${identity.dkimStatus}` : '';
  const mailFrom = identity.mailFromStatus ? `, MAIL FROM ${identity.mailFromStatus}` : '';
  out.push({
    level: identity.verified ? 'ok' : 'warning',
    check,
    message: `identity ${name}: ${identity.verified ? 'verified' : 'NOT verified'}${dkim}${mailFrom}`,
    fix: identity.verified
      ? undefined
      : 'publish the DKIM and MAIL FROM records (the Stateful stack outputs, docs/operating.md)',
  });
  if (identity.dkimStatus && identity.dkimStatus !== 'SUCCESS' && identity.verified) {
    out.push({ level: 'warning', check, message: `DKIM is ${identity.dkimStatus}: mail may fail DMARC` });
  }
  return out;
}

/** What the SES sandbox means for this deploy (see {@link checkSes}). */
function sandboxFinding(
  config: StageConfig,
  account: SesAccountFacts,
  name: string,
  identity: IdentityFacts | undefined,
): Finding {
  const check = 'ses';
  const sandbox = `SES in ${config.region} is in the sandbox: it mails only verified addresses, so charities get no codes`;
  const request = sesProductionAccessCommand(config.region, config.siteDomain);
  if (!config.production) return { level: 'warning', check, message: sandbox, fix: request };
  const review = account.review;
  const caseId = review?.caseId ? ` (AWS Support case ${review.caseId})` : '';
  if (review?.status === 'PENDING' || review?.status === 'GRANTED') {
    return {
      level: 'warning',
      check,
      message: `${sandbox}; production access was requested${caseId} and is ${review.status === 'PENDING' ? 'under review' : 'granted, not yet in effect'}`,
      fix: 'wait for AWS to answer (usually within a day): aws sesv2 get-account shows ProductionAccessEnabled true',
    };
  }
  if (review?.status === 'DENIED') {
    return {
      level: 'error',
      check,
      message: `${sandbox}; production access was DENIED${caseId}`,
      fix: 'answer the case in the AWS Support Center (how the addresses are collected, bounces and complaints handled: docs/operating.md, "Mail that arrives"), then deploy again',
    };
  }
  if (!identity?.verified) {
    return {
      level: 'warning',
      check,
      message: `${sandbox}. AWS grants production access to a verified domain: ${
        identity
          ? `publish ${name}'s DNS records`
          : `this deploy creates the identity ${name}; publish its DNS records`
      }, and once it is verified request access (the next deploy fails until it is requested)`,
      fix: request,
    };
  }
  return {
    level: 'error',
    check,
    message: `${sandbox}, and ${name} is verified: request production access now (AWS answers within about a day; deploys go on meanwhile)`,
    fix: request,
  };
}

/** The findings as lines for the terminal; `failed` when any is an error. */
export function formatFindings(findings: readonly Finding[]): { text: string; failed: boolean } {
  const mark = { ok: 'ok  ', warning: 'WARN', error: 'FAIL' } as const;
  const lines = findings.flatMap((f) => [
    `  ${mark[f.level]} ${f.check}: ${f.message}`,
    ...(f.fix && f.level !== 'ok' ? [`       fix: ${f.fix}`] : []),
  ]);
  return { text: lines.join('\n'), failed: findings.some((f) => f.level === 'error') };
}
