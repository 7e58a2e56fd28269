import { routeList } from '@shared/api/routes';
import { jobs } from '@shared/jobs';
import type { AppSettings } from './build-app';
import { functionsDir, jobsDir } from './paths';
import {
  DEFAULT_MAIL_RATE_PER_SECOND,
  runtimeEnvironmentName,
  type StageConfig,
  wafCountModeOn,
} from './stage-config';

/** What {@link stageAppSettings} needs besides the config: what the caller read from its surroundings. */
export interface StageSurroundings {
  /** The account when the config names none (`CDK_DEFAULT_ACCOUNT` for `cdk synth`). */
  readonly account?: string;
  /** Folder of the site to deploy (`web/dist`, or the placeholder page before the web build). */
  readonly webDistDir: string;
  /** Today: the managed WAF rules count until the stage's `wafCountModeUntil` has passed. */
  readonly today: Date;
}

/**
 * The app's settings for one stage, from its checked `config/<stage>.json`: what `bin/app.ts` builds, and what
 * `npm run cost` (infra/cost) synthesises, so the two cannot differ. Reads no environment, context or clock.
 */
export function stageAppSettings(stage: string, config: StageConfig, around: StageSurroundings): AppSettings {
  return {
    env: { account: config.account ?? around.account, region: config.region },
    stage,
    environmentName: runtimeEnvironmentName(stage, config.production),
    sesSender: config.sesSender,
    mailDomain: config.mailDomain,
    mailFromSubdomain: config.mailFromSubdomain,
    importSenderIdentity: config.sesIdentity === 'import',
    siteDomain: config.siteDomain,
    certificateArn: config.certificateArn,
    registerSource: config.registerSource,
    registerApiKeySecretName: config.registerApiKeySecretName,
    paymentsSecretArn: config.stripeSecretArn ?? undefined,
    webhookSecretsArn: config.stripeWebhookSecretsArn ?? undefined,
    production: config.production,
    giving: {
      open: config.giving?.open ?? false,
      cardFeeBasisPoints: config.giving?.cardFee?.basisPoints ?? 140,
      cardFeeFixedPence: config.giving?.cardFee?.fixedPence ?? 20,
    },
    updatesOpen: config.updates?.open ?? false,
    mailRatePerSecond: config.updates?.mailRatePerSecond ?? DEFAULT_MAIL_RATE_PER_SECOND,
    routes: routeList,
    jobs,
    functionsDir,
    jobsDir,
    webDistDir: around.webDistDir,
    alarmEmail: config.alarmEmail,
    alarmHttpsEndpoint: config.alarmHttpsEndpoint,
    hostedZone: config.hostedZone,
    monthlyBudgetUsd: config.monthlyBudgetUsd,
    webAclArn: config.webAclArn,
    reservedConcurrency: config.reservedConcurrency,
    canaryCharity: config.canaryCharity,
    // A deploy after the day makes the managed rules block.
    wafManagedRulesCountOnly: wafCountModeOn(config, around.today),
  };
}
