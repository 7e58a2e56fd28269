import { resolve } from 'node:path';
import { COGNITO_BACKEND_SECRET_ENV } from '../../lambdas/adapters/cognito-backend';
import { POST_SCHEDULE_ENV } from '../../lambdas/adapters/scheduler';
import { ORIGIN_DIGESTS_ENV, ORIGIN_SECRET_ENV, originDigests } from '../../lambdas/lib/origin-digests';
import type { LocalStripeSecrets } from './stripe/secrets';

/** Ports of the local cloud. Tests run a second cloud beside a developer's by shifting every port. */
export interface LocalPorts {
  /** The one origin: SPA, /config.json, /api/*, /media/*, /cognito/*. */
  app: number;
  /**
   * The gateway on its own, as the execute-api endpoint is in AWS: requests here lack the origin secret the
   * origin adds, so the functions refuse them with 403 (lambdas/lib/edge.ts).
   */
  api: number;
  /** Local SES: web inbox at /, JSON at /store. */
  mailbox: number;
  dynamodb: number;
  /** Cognito compatibility layer in front of cognito-local (SDK clients point here). */
  cognito: number;
  s3: number;
  /** Lambda Invoke API that runs our Cognito trigger handlers. */
  lambda: number;
  /** The local Stripe: its REST API, hosted Checkout and onboarding pages. */
  stripe: number;
  /** The local SQS (the follow-mail queue, issue 44): `infra/local/queue.ts`. */
  queue: number;
  /** The local EventBridge Scheduler (scheduled posts' one-off schedules): `infra/local/scheduler.ts`. */
  scheduler: number;
}

export interface LocalSettings {
  ports: LocalPorts;
  /** State directory (DynamoDB files, Cognito pools, S3 objects, generated ids). */
  stateDir: string;
  /** Built SPA served at the origin. */
  webDir: string;
  /** Register index versions (`npm run register:import` writes here; the sample is imported on first start). */
  registerDir: string;
  region: string;
  /** AWS-shaped pool id: aws-jwt-verify only accepts ids of that form. */
  userPoolId: string;
  tableName: string;
  mediaBucket: string;
  /** The exports bucket (issue 33): CSV and ODS files fetched by presigned links. */
  exportsBucket: string;
  sesSender: string;
  /** Run scheduled jobs every this many seconds (0 disables). */
  jobIntervalSeconds: number;
  quiet: boolean;
  /**
   * LocalStack's edge URL (`LOCALSTACK_URL`, e.g. http://localhost:4566): DynamoDB, S3 and SES are then
   * LocalStack's instead of the embedded stand-ins. Cognito stays cognito-local (Cognito is LocalStack Pro).
   */
  localstackUrl?: string;
}

export const DEFAULT_PORTS: LocalPorts = {
  app: 3000,
  api: 3001,
  mailbox: 8005,
  dynamodb: 8000,
  cognito: 9229,
  s3: 4569,
  lambda: 9001,
  stripe: 12111,
  queue: 9324,
  scheduler: 9325,
};

/** The scheduled posts' schedule group (the jobs stack's in AWS). */
export const LOCAL_POST_SCHEDULE_GROUP = 'kindred-local-post-schedules';
/**
 * The function the posts' schedules invoke locally: `POST_PUBLISHER_JOB` of shared/src/jobs.ts, spelled out because
 * this file is loaded by jest's global setup, outside the `@shared` alias (`scheduler-requests.test.ts` checks they agree).
 */
export const LOCAL_POST_PUBLISHER_ARN = 'arn:aws:lambda:eu-west-2:000000000000:function:publish-due-posts';

/** Local credentials: accepted by every stand-in (registered with s3rver at start). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export const ROOT_DIR = resolve(__dirname, '..', '..');

/** The fictional sample extract imported on first start. */
export const SAMPLE_EXTRACT_DIR = resolve(__dirname, 'register-sample');

/** Settings from the environment: `LOCAL_STATE_DIR`, `LOCAL_PORT_OFFSET`, `LOCAL_QUIET`. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const offset = Number.parseInt(env.LOCAL_PORT_OFFSET ?? '0', 10) || 0;
  const ports = Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, port + offset]),
  ) as unknown as LocalPorts;
  return {
    ports,
    stateDir: resolve(ROOT_DIR, env.LOCAL_STATE_DIR ?? '.local'),
    webDir: resolve(ROOT_DIR, 'web', 'dist'),
    registerDir: resolve(ROOT_DIR, env.LOCAL_STATE_DIR ?? '.local', 'register'),
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_Local0001',
    tableName: 'kindred-local',
    mediaBucket: 'kindred-local-media',
    exportsBucket: 'kindred-local-exports',
    sesSender: 'no-reply@kindredgiving.org.uk',
    jobIntervalSeconds: Number.parseInt(env.LOCAL_JOB_INTERVAL_SECONDS ?? '300', 10),
    quiet: env.LOCAL_QUIET === '1',
    localstackUrl: env.LOCALSTACK_URL?.replace(/\/+$/, '') || undefined,
  };
}

/** The environment our functions get locally: endpoints only through AWS_ENDPOINT_URL_* variables. */
export function functionEnvironment(
  s: LocalSettings,
  ids: { charityClientId: string; donorClientId: string },
  originSecret: string,
  cognitoBackendSecret?: string,
  stripe?: LocalStripeSecrets,
) {
  const host = 'http://127.0.0.1';
  const aws = s.localstackUrl;
  return {
    AWS_REGION: s.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: aws ?? `${host}:${s.ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: aws ?? `${host}:${s.ports.s3}`,
    // LocalStack at `localhost`: buckets by path, not as `<bucket>.localhost` (lambdas/adapters/s3-client.ts).
    // The embedded S3 is addressed by IP, which the SDK always addresses by path.
    ...(aws ? { S3_FORCE_PATH_STYLE: 'true' } : {}),
    AWS_ENDPOINT_URL_SES: aws ?? `${host}:${s.ports.mailbox}`,
    AWS_ENDPOINT_URL_SESV2: aws ?? `${host}:${s.ports.mailbox}`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `${host}:${s.ports.cognito}`,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    AWS_MAX_ATTEMPTS: '2',
    TABLE_NAME: s.tableName,
    MEDIA_BUCKET: s.mediaBucket,
    EXPORTS_BUCKET: s.exportsBucket,
    MEDIA_BASE_URL: `http://localhost:${s.ports.app}/media`,
    USER_POOL_ID: s.userPoolId,
    CHARITY_CLIENT_ID: ids.charityClientId,
    DONOR_CLIENT_ID: ids.donorClientId,
    SES_SENDER: s.sesSender,
    SITE_URL: `http://localhost:${s.ports.app}`,
    REGISTER_SOURCE: 'extract',
    REGISTER_INDEX_DIR: s.registerDir,
    // Address lookup from the offline gazetteer: the local cloud needs no internet.
    GEOCODER: 'gazetteer',
    // Payments through the local Stripe (infra/local/stripe): the same code path as AWS, against a stand-in.
    PAYMENTS_MODE: 'stripe',
    STRIPE_API_BASE_URL: `${host}:${s.ports.stripe}`,
    ...(stripe
      ? {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.platformWebhookSecret,
          STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
        }
      : {}),
    // Giving is open locally (closed in prod until the operator opens it: config/prod.json).
    GIVING_OPEN: 'true',
    // Posts are open locally too (closed in prod: config/prod.json).
    UPDATES_OPEN: 'true',
    // The follow-mail queue (SQS in AWS) and the sending rate of the local SES (`updates.mailRatePerSecond`).
    AWS_ENDPOINT_URL_SQS: `${host}:${s.ports.queue}`,
    FOLLOW_MAIL_QUEUE_URL: `${host}:${s.ports.queue}/000000000000/follow-mail`,
    FOLLOW_MAIL_RATE: process.env.FOLLOW_MAIL_RATE ?? '50',
    // One pacer carries the whole rate: the local event source's workers share one module of the consumer (one
    // process), where AWS gives each worker its own environment and pacer at rate / workers. With '2' here the
    // shared pacer ran at half the rate (measured by `npm run bench -- updates`: 25 mails/s at 50).
    FOLLOW_MAIL_WORKERS: '1',
    // Scheduled posts' one-off schedules (EventBridge Scheduler in AWS): the local Scheduler invokes the publisher.
    AWS_ENDPOINT_URL_SCHEDULER: `${host}:${s.ports.scheduler}`,
    [POST_SCHEDULE_ENV.group]: LOCAL_POST_SCHEDULE_GROUP,
    [POST_SCHEDULE_ENV.target]: LOCAL_POST_PUBLISHER_ARN,
    [POST_SCHEDULE_ENV.role]: 'arn:aws:iam::000000000000:role/kindred-local-post-schedules',
    STRIPE_LIVEMODE: 'false',
    // The oldest the discovery directory held in memory may be (45 s in AWS; a new card shows within 2 s here).
    DISCOVER_MAX_AGE_SECONDS: process.env.DISCOVER_MAX_AGE_SECONDS ?? '2',
    // How often a search container refreshes its list of on-platform numbers (the tests shorten it).
    ON_PLATFORM_REFRESH_SECONDS: process.env.ON_PLATFORM_REFRESH_SECONDS ?? '60',
    LOG_LEVEL: process.env.LOG_LEVEL ?? (s.quiet ? 'WARN' : 'INFO'),
    // The header the origin adds on /api/* (CloudFront's origin custom header in AWS): without it, 403. The
    // functions hold its digest only, as in AWS; the value itself is the test kit's (it calls the API directly).
    [ORIGIN_DIGESTS_ENV]: originDigests({ current: originSecret }),
    [ORIGIN_SECRET_ENV]: originSecret,
    // The header that gets our functions past the user pool's firewall (every function has it locally; in AWS
    // only those that declare `userTokenCalls`).
    ...(cognitoBackendSecret ? { [COGNITO_BACKEND_SECRET_ENV]: cognitoBackendSecret } : {}),
    // Business metrics go to the metrics port's recorder locally, not to stdout as EMF.
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
}
