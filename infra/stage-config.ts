import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { repoRoot } from './paths';

/** Folder of the committed stage configuration files, `config/<stage>.json`. */
export const configDir = path.join(repoRoot, 'config');

/** A stage name: stack names are `Kindred-<stage>-…`. */
export const STAGE_NAME = /^[a-z][a-z0-9-]{0,15}$/;

/**
 * The monthly cost budget of a stage that sets no `monthlyBudgetUsd`, in US dollars. Set from the production
 * example's fixed cost (`npm run cost -- example`: about $73, mostly alarms, WAF and the canary) plus a quiet
 * month's usage, so its 80 % actual notification ($96) does not fire every month; a unit test
 * (infra/cost/example-stage.test.ts) fails when the fixed cost comes within reach of that notification.
 */
export const DEFAULT_MONTHLY_BUDGET_USD = 120;

/** Mails a second to followers when a stage sets no `updates.mailRatePerSecond`: SES's default sending rate. */
export const DEFAULT_MAIL_RATE_PER_SECOND = 14;

/** Values an operator must replace: `REPLACE_ME…` or `<…>` placeholders. */
const PLACEHOLDER = /REPLACE_ME|^<.*>$/;

/** The stage of `config/example.json`: read and synthesised by the tests, never deployed. */
export const EXAMPLE_STAGE = 'example';

/**
 * Values of `config/example.json` that only illustrate, each with what it is. A stage other than
 * {@link EXAMPLE_STAGE} holding one (copied by mistake, or an ARN edited only in part) is refused, naming the
 * key: it would deploy against an account, certificate or secret that is not the operator's.
 */
export const EXAMPLE_VALUES: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  {
    pattern: /:certificate\/0{8}-0{4}-0{4}-0{4}-0{12}$/,
    what: 'the example certificate (an all-zero id)',
  },
  { pattern: /-AbCdEf$/, what: "an example secret ARN (its suffix -AbCdEf is not Secrets Manager's)" },
  { pattern: /^1234567$/, what: 'an example charity number (1234567), not a live charity page' },
  // Last: the ARNs above hold the account too, and their own entry says more.
  {
    pattern: /(^|:)123456789012($|:)/,
    what: "the example account 123456789012 (AWS's documentation account)",
  },
];

const domainName = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a lower-case domain name',
  );

/**
 * One stage's configuration (`config/<stage>.json`). Every key of the deployment lives here, committed and
 * reviewed, instead of in `-c` flags that a redeploy can forget.
 */
export const StageConfig = z
  .object({
    /** A production stage must name every key in {@link PRODUCTION_KEYS}; synth fails otherwise. */
    production: z.boolean(),
    /** AWS account the stage deploys to (12 digits); required in production so a wrong profile fails. */
    account: z
      .string()
      .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
      .optional(),
    /** AWS region of every stack. */
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-2')
      .default('eu-west-2'),
    /** Address SES sends from (its domain should be {@link mailDomain} when that is set). */
    sesSender: z.string().email(),
    /**
     * Domain SES sends for: a domain identity with Easy DKIM and a custom MAIL FROM (`<mailFromSubdomain>.<domain>`)
     * is made, so mail passes DMARC. Without it only the sender address is verified (development).
     */
    mailDomain: domainName.optional(),
    /** Subdomain of {@link mailDomain} used as the MAIL FROM domain (bounces go there). */
    mailFromSubdomain: z
      .string()
      .regex(/^[a-z0-9-]{1,63}$/)
      .default('mail'),
    /** `create` the SES identity in the stateful stack, or `import` one verified before (no AlreadyExists). */
    sesIdentity: z.enum(['create', 'import']).default('create'),
    /** Custom domain of the site (needs {@link certificateArn}); CloudFront's own domain when absent. */
    siteDomain: domainName.optional(),
    /** ACM certificate in us-east-1 covering {@link siteDomain}. */
    certificateArn: z
      .string()
      .regex(
        /^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
        'must be an ACM certificate ARN in us-east-1 (CloudFront requires it)',
      )
      .optional(),
    /** Charity register adapter. */
    registerSource: z.enum(['extract', 'api']).default('extract'),
    /**
     * Secrets Manager secret *name* of the Charity Commission API key (registerSource `api`). Not an ARN: the
     * grant appends the random suffix's wildcard to a name, so an ARN would give the function a policy on a
     * resource that does not exist.
     */
    registerApiKeySecretName: z
      .string()
      .min(1)
      .refine((name) => !name.startsWith('arn:'), {
        message:
          "must be the secret's name (e.g. kindred/charity-commission-api-key), not its ARN: the grant is built from the name",
      })
      .optional(),
    /** Complete ARN of the Stripe secret; `null` says on purpose that payments are off. */
    stripeSecretArn: z.string().min(1).nullable().optional(),
    /**
     * Complete ARN of the secret holding the Stripe webhook signing secrets (JSON `platformWebhookSecret`,
     * `connectWebhookSecret`); `null` says on purpose that no webhooks are set up yet.
     */
    stripeWebhookSecretsArn: z.string().min(1).nullable().optional(),
    /**
     * Giving: `open` is the launch switch (closed, the giving box says "Giving opens soon"); the card fee
     * deducted from each donation defaults to the spec's 1.4% + 20p.
     */
    giving: z
      .object({
        open: z.boolean(),
        cardFee: z
          .object({
            basisPoints: z.number().int().min(0).max(1000),
            fixedPence: z.number().int().min(0).max(100),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    /**
     * Posts (issue 44): `open` is their launch switch. Closed, the dashboard's Create Posts and View Posts stay the
     * spec's "Coming Soon" previews, the post routes answer 403 and public pages show no posts.
     * `mailRatePerSecond` is the SES sending rate the mail to followers may use (default
     * {@link DEFAULT_MAIL_RATE_PER_SECOND}, SES's own default): at most the account's quota, less what the
     * other mail needs. A post to 10,000 followers within 10 minutes needs 17 (docs/operating.md).
     */
    updates: z
      .object({ open: z.boolean(), mailRatePerSecond: z.number().int().min(1).max(500).optional() })
      .strict()
      .optional(),
    /** Address subscribed to the alarm topic and the budget's notifications (the Ops stack). */
    alarmEmail: z.string().email().optional(),
    /**
     * An HTTPS endpoint subscribed to both alarm topics beside {@link alarmEmail} (a chat webhook bridge, an
     * on-call service's SNS endpoint); it must confirm the subscription (SNS posts a SubscriptionConfirmation).
     */
    alarmHttpsEndpoint: z.string().url().startsWith('https://').optional(),
    /**
     * A Route 53 public hosted zone for {@link siteDomain} and {@link mailDomain}: with it the stacks publish the
     * site's A/AAAA aliases, a `www` redirect and the mail domain's DKIM, MAIL FROM and DMARC records.
     */
    hostedZone: z
      .object({
        id: z.string().regex(/^Z[A-Z0-9]{1,31}$/, 'must be a Route 53 hosted zone id'),
        name: domainName,
      })
      .strict()
      .optional(),
    /** Monthly AWS cost budget in US dollars (the Ops stack's budget; {@link DEFAULT_MONTHLY_BUDGET_USD}). */
    monthlyBudgetUsd: z.number().positive().optional(),
    /**
     * Lambda reserved concurrency: `"plan"` (the documented plan: the pre-token trigger 20, search and
     * details 20 each, every other public read 10) or reservations by route id and `pre-token-generation`.
     * Absent: nothing is reserved (a new account's quota may be 10). The preflight checks the quota leaves
     * 100 unreserved.
     */
    reservedConcurrency: z
      .union([z.literal('plan'), z.record(z.string().min(1), z.number().int().min(1).max(1000))])
      .optional(),
    /**
     * Until this day (UTC, `YYYY-MM-DD`, inclusive) the AWS managed WAF rule groups only count: their matches
     * are logged, nothing is blocked. A deploy after it makes them block (docs/operating.md).
     */
    wafCountModeUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
      .optional(),
    /**
     * The synthetic canary's charity page: a registration number whose public page is live. Absent: the
     * canary opens the first charity page the sitemap lists (and skips that step when there is none).
     */
    canaryCharity: z
      .string()
      .regex(/^\d{6,8}(-\d+)?$/, 'must be a charity registration number')
      .optional(),
    /** An existing CLOUDFRONT-scope web ACL for the site; `none` for no WAF; absent: the us-east-1 Edge stack's. */
    webAclArn: z
      .union([z.literal('none'), z.string().regex(/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/)])
      .optional(),
  })
  .strict()
  .superRefine((config, ctx) => {
    for (const [key, value] of Object.entries(config)) {
      if (typeof value === 'string' && PLACEHOLDER.test(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is still the placeholder '${value}': fill it in`,
        });
      }
    }
    if (config.siteDomain && !config.certificateArn) {
      ctx.addIssue({ code: 'custom', path: ['certificateArn'], message: 'is required with siteDomain' });
    }
    if (config.registerSource === 'api' && !config.registerApiKeySecretName) {
      ctx.addIssue({
        code: 'custom',
        path: ['registerApiKeySecretName'],
        message: "is required with registerSource 'api'",
      });
    }
    if (config.mailDomain && !config.sesSender.endsWith(`@${config.mailDomain}`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sesSender'],
        message: `must be an address at mailDomain (${config.mailDomain})`,
      });
    }
    const zone = config.hostedZone?.name;
    for (const key of ['siteDomain', 'mailDomain'] as const) {
      const domain = config[key];
      if (zone && domain && domain !== zone && !domain.endsWith(`.${zone}`)) {
        ctx.addIssue({ code: 'custom', path: ['hostedZone'], message: `does not hold ${key} ${domain}` });
      }
    }
    if (config.wafCountModeUntil && Number.isNaN(Date.parse(`${config.wafCountModeUntil}T00:00:00Z`))) {
      ctx.addIssue({ code: 'custom', path: ['wafCountModeUntil'], message: 'is not a real date' });
    }
    if (!config.production) return;
    for (const key of PRODUCTION_KEYS) {
      if (config[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required for a production stage' });
      }
    }
  });
export type StageConfig = z.infer<typeof StageConfig>;

/**
 * Keys a production stage must state. `stripeSecretArn` may be `null` (payments deliberately off), but
 * must be written down, so leaving it out cannot switch payments off by accident.
 */
export const PRODUCTION_KEYS = [
  'account',
  'mailDomain',
  'siteDomain',
  'certificateArn',
  'stripeSecretArn',
  'alarmEmail',
] as const satisfies readonly (keyof StageConfig)[];

/** The keys of a raw stage file holding one of config/example.json's {@link EXAMPLE_VALUES}, each with why. */
export function exampleValuesIn(raw: unknown): { key: string; what: string }[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const out: { key: string; what: string }[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') continue;
    const found = EXAMPLE_VALUES.find((example) => example.pattern.test(value));
    if (found) out.push({ key, what: found.what });
  }
  return out;
}

/**
 * Checks a parsed `config/<stage>.json`; throws one message naming the file and every problem. A stage other
 * than {@link EXAMPLE_STAGE} may not keep an example value of config/example.json.
 */
export function parseStageConfig(stage: string, raw: unknown): StageConfig {
  const parsed = StageConfig.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`);
  if (stage !== EXAMPLE_STAGE) {
    for (const { key, what } of exampleValuesIn(raw))
      problems.push(`  - ${key}: is ${what}, copied from config/example.json: use your own`);
  }
  if (parsed.success && !problems.length) return parsed.data;
  throw new Error(`config/${stage}.json is not a valid stage configuration:\n${problems.join('\n')}`);
}

/** Reads and checks `config/<stage>.json`. */
export function loadStageConfig(stage: string, dir: string = configDir): StageConfig {
  if (!STAGE_NAME.test(stage)) {
    throw new Error(
      `Stage '${stage}' is not a valid stage name (lower-case letters, digits and '-', up to 16).`,
    );
  }
  const file = path.join(dir, `${stage}.json`);
  if (!existsSync(file)) {
    throw new Error(
      `No configuration for stage '${stage}': create config/${stage}.json (see config/example.json).`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`config/${stage}.json is not valid JSON: ${(error as Error).message}`);
  }
  return parseStageConfig(stage, raw);
}

/**
 * The `environment` a stage's `/config.json` names (and its public pages are prerendered for): `production`
 * for a production stage, whatever it is called, so the site drops its test-mode wording there; the stage
 * name otherwise.
 */
export function runtimeEnvironmentName(stage: string, production: boolean): string {
  return production ? 'production' : stage;
}

/** Whether the managed WAF rules only count on `today` (they do through the whole `wafCountModeUntil` day). */
export function wafCountModeOn(config: Pick<StageConfig, 'wafCountModeUntil'>, today: Date): boolean {
  if (!config.wafCountModeUntil) return false;
  return today.toISOString().slice(0, 10) <= config.wafCountModeUntil;
}
