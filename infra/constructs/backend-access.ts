import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { COGNITO_BACKEND_SECRET_ENV } from '../../lambdas/adapters/cognito-backend';
import { backendSecretRevisionParameter } from './user-pool-firewall';

/** Environment variable holding the backend header secret's revision (what makes a rotation re-read it). */
export const COGNITO_BACKEND_SECRET_REVISION_ENV = 'COGNITO_BACKEND_SECRET_REVISION';

import type { Capabilities } from '../route-capabilities';
import type { StatefulStack } from '../stacks/stateful-stack';
import type { AppFunction } from './app-function';
import { FOLLOW_MAIL_QUEUE_URL_ENV } from './follow-mail';
import { bindPostSchedules, type PostScheduleAccess } from './post-schedules';
import { bindTable, bindViewCounter } from './table-binding';

/** Where the charity register is read from (see REGISTER.md). */
export type RegisterSource = 'extract' | 'api';

/** Props of {@link BackendAccess}. */
export interface BackendAccessProps {
  /** The stateful resources the backend uses (including the `BackendPolicies`, backend-policies.ts). */
  readonly stateful: StatefulStack;
  /** Public site URL; links in emails are built from it. */
  readonly siteUrl: string;
  /** Charity register adapter. */
  readonly registerSource: RegisterSource;
  /** Secrets Manager secret name of the Charity Commission API key (registerSource `api`). */
  readonly registerApiKeySecretName?: string;
  /** Giving (`giving` in `config/<stage>.json`): the launch switch and the card fee deducted from donations. */
  readonly giving?: GivingSettings;
  /** A production stage takes live payments: Stripe events of the other mode are ignored. */
  readonly production?: boolean;
  /** Posts' launch switch (`updates.open` in `config/<stage>.json`, issue 44). */
  readonly updatesOpen?: boolean;
  /** The scheduled posts' schedules (the jobs stack's, decision 20.1), for the functions that declare them. */
  readonly postSchedules?: PostScheduleAccess;
}

export interface GivingSettings {
  /** Donors can give (closed: the giving box says "Giving opens soon"). */
  readonly open: boolean;
  readonly cardFeeBasisPoints: number;
  readonly cardFeeFixedPence: number;
}

/**
 * Gives backend functions (HTTP routes and scheduled jobs) what they need in one call: the shared
 * environment (read at cold start by `lambdas/lib/env.ts` and the adapters) and exactly the permissions of
 * their declared {@link Capabilities}.
 */
export class BackendAccess extends Construct {
  /** Environment every backend function receives (TABLE_NAME and SERVICE_NAME are set elsewhere). */
  public readonly environment: Readonly<Record<string, string>>;
  private readonly stateful: StatefulStack;
  private readonly postSchedules?: PostScheduleAccess;

  constructor(scope: Construct, id: string, props: BackendAccessProps) {
    super(scope, id);
    const { stateful } = props;
    this.stateful = stateful;
    this.postSchedules = props.postSchedules;
    this.environment = {
      USER_POOL_ID: stateful.userPool.userPoolId,
      CHARITY_CLIENT_ID: stateful.charityClient.userPoolClientId,
      DONOR_CLIENT_ID: stateful.donorClient.userPoolClientId,
      MEDIA_BUCKET: stateful.mediaBucket.bucketName,
      MEDIA_BASE_URL: stateful.mediaBaseUrl,
      REGISTER_INDEX_BUCKET: stateful.registerBucket.bucketName,
      REGISTER_INDEX_PREFIX: stateful.registerIndexPrefix,
      EXPORTS_BUCKET: stateful.exportsBucket.bucketName,
      SES_SENDER: stateful.sesSender,
      SES_CONFIGURATION_SET: stateful.mailConfigurationSetName,
      SITE_URL: props.siteUrl,
      // Charities connect a Stripe account (Express, hosted onboarding); the key is bound per function below.
      PAYMENTS_MODE: 'stripe',
      REGISTER_SOURCE: props.registerSource,
      GIVING_OPEN: String(props.giving?.open ?? false),
      UPDATES_OPEN: String(props.updatesOpen ?? false),
      CARD_FEE_BASIS_POINTS: String(props.giving?.cardFeeBasisPoints ?? 140),
      CARD_FEE_FIXED_PENCE: String(props.giving?.cardFeeFixedPence ?? 20),
      STRIPE_LIVEMODE: String(props.production ?? false),
      ...(props.registerApiKeySecretName
        ? { REGISTER_API_KEY_SECRET_NAME: props.registerApiKeySecretName }
        : {}),
      // Address lookup (location settings): a Nominatim-compatible search API. Public Nominatim allows about
      // one request a second; point GEOCODER_URL at your own instance or a compatible provider for more.
      GEOCODER: 'nominatim',
      GEOCODER_URL: 'https://nominatim.openstreetmap.org',
      // Presigned POSTs and streamed puts must not carry the SDK's default flexible checksums.
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    };
  }

  /**
   * Gives a function the shared environment and exactly the permissions of its capabilities (secrets other
   * than the register key are bound separately, e.g. {@link bindPaymentsSecret}).
   */
  public bind(fn: AppFunction, capabilities: Capabilities): void {
    const { stateful } = this;
    if (capabilities.table)
      bindTable(fn.function, stateful.tableRef, capabilities.table, capabilities.tableKeys);
    else fn.function.addEnvironment('TABLE_NAME', stateful.table.tableName);
    if (capabilities.countViews) bindViewCounter(fn.function, stateful.tableRef);
    for (const [name, value] of Object.entries(this.environment)) fn.function.addEnvironment(name, value);
    const policies = stateful.backendPolicies;
    if (capabilities.register) fn.role.addManagedPolicy(policies.registerRead);
    if (capabilities.mail) fn.role.addManagedPolicy(policies.mailSend);
    if (capabilities.media === 'upload') fn.role.addManagedPolicy(policies.mediaUpload);
    if (capabilities.media === 'manage' || capabilities.media === 'purge')
      fn.role.addManagedPolicy(policies.mediaManage);
    if (capabilities.media === 'purge') fn.role.addManagedPolicy(policies.mediaList);
    if (capabilities.exports) fn.role.addManagedPolicy(policies.exportsWrite);
    if (capabilities.followQueue) {
      fn.role.addManagedPolicy(stateful.followMail.sendPolicy);
      fn.function.addEnvironment(FOLLOW_MAIL_QUEUE_URL_ENV, stateful.followMail.queue.queueUrl);
    }
    if (capabilities.postSchedules) bindPostSchedules(fn, this.postSchedules);
    if (capabilities.userTokenCalls) {
      fn.function.addEnvironment(
        COGNITO_BACKEND_SECRET_ENV,
        // A dynamic reference: resolved by CloudFormation at deploy time, never in the template.
        stateful.userPoolFirewall.backendSecret.secretValue.unsafeUnwrap(),
      );
      // Changed by a rotation, so CloudFormation updates the function and reads the secret again.
      fn.function.addEnvironment(
        COGNITO_BACKEND_SECRET_REVISION_ENV,
        backendSecretRevisionParameter(this).valueAsString,
      );
    }
    if (capabilities.identity?.length) {
      fn.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          sid: 'UserPoolOperations',
          actions: [...new Set(capabilities.identity)].sort().map((op) => `cognito-idp:${op}`),
          resources: [stateful.userPool.userPoolArn],
        }),
      );
    }
  }

  /**
   * Gives a function that talks to the payment provider the Stripe secret key: its secret's ARN
   * (`PAYMENTS_SECRET_ARN`, read by `lambdas/adapters/payments.ts`) and read access to exactly that secret.
   * {@link bindWebhookSecrets} does the same for the two webhook signing secrets (`STRIPE_WEBHOOK_SECRETS_ARN`).
   */
  public bindWebhookSecrets(fn: AppFunction, secretArn: string): void {
    fn.function.addEnvironment('STRIPE_WEBHOOK_SECRETS_ARN', secretArn);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WebhookSecretsRead',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secretArn],
      }),
    );
  }

  public bindPaymentsSecret(fn: AppFunction, secretArn: string): void {
    fn.function.addEnvironment('PAYMENTS_SECRET_ARN', secretArn);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'PaymentsSecretRead',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secretArn],
      }),
    );
  }
}
