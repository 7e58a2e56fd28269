import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { StatefulStack } from '../stacks/stateful-stack';
import type { AppFunction } from './app-function';
import { acknowledgeWildcardResource } from './nag';
import { bindTable } from './table-binding';

/** Where the charity register is read from (see REGISTER.md). */
export type RegisterSource = 'extract' | 'api';

/** Props of {@link BackendPolicy}. */
export interface BackendPolicyProps {
  readonly userPool: cognito.IUserPool;
  readonly mediaBucket: s3.IBucket;
  readonly senderIdentity: ses.IEmailIdentity;
  /** Bucket of the charity register index. */
  readonly registerBucket: s3.IBucket;
  /** Key prefix of the register index in {@link registerBucket}. */
  readonly registerIndexPrefix: string;
  /** Secrets Manager secret holding the Charity Commission API subscription key, if used. */
  readonly registerApiKeySecretName?: string;
}

/** Cognito admin calls the backend makes: account creation, sign-in after registering, deletion. */
const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
];

/**
 * The permissions every backend function shares, as one customer managed policy: send from the SES sender,
 * read/write/delete media objects, the Cognito admin calls, read the register index and the register API key.
 * It lives beside the
 * resources it names (the stateful stack), so its ARNs are local references and its acknowledged findings
 * read plainly; the stateless stacks attach it to their functions' roles.
 */
export class BackendPolicy extends Construct {
  /** The managed policy. */
  public readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: BackendPolicyProps) {
    super(scope, id);
    const mediaObjects = props.mediaBucket.arnForObjects('*');
    const registerObjects = props.registerBucket.arnForObjects(`${props.registerIndexPrefix}/*`);
    const statements = [
      new iam.PolicyStatement({
        sid: 'SendFromSender',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [props.senderIdentity.emailIdentityArn],
      }),
      new iam.PolicyStatement({
        sid: 'MediaObjects',
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [mediaObjects],
      }),
      new iam.PolicyStatement({
        sid: 'MediaList',
        // Listing a charity's prefix is how all of an account's files are found for deletion.
        actions: ['s3:ListBucket'],
        resources: [props.mediaBucket.bucketArn],
      }),
      new iam.PolicyStatement({
        sid: 'UserPoolAdmin',
        actions: COGNITO_ADMIN_ACTIONS,
        resources: [props.userPool.userPoolArn],
      }),
      new iam.PolicyStatement({
        sid: 'RegisterIndexRead',
        // current.json, then the current version's index and (ranged) details.
        actions: ['s3:GetObject'],
        resources: [registerObjects],
      }),
    ];
    // Secrets Manager appends six random characters to a secret's name in its ARN.
    const secretArn = props.registerApiKeySecretName
      ? Stack.of(this).formatArn({
          service: 'secretsmanager',
          resource: 'secret',
          resourceName: `${props.registerApiKeySecretName}-??????`,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        })
      : undefined;
    if (secretArn) {
      statements.push(
        new iam.PolicyStatement({
          sid: 'RegisterApiKey',
          actions: ['secretsmanager:GetSecretValue'],
          resources: [secretArn],
        }),
      );
    }
    this.policy = new iam.ManagedPolicy(this, 'Policy', {
      description: 'Shared permissions of the Kindred backend functions',
      statements,
    });

    acknowledgeWildcardResource(
      this.policy,
      mediaObjects,
      "Media keys are generated per charity at runtime, so object access is granted on this one bucket; the API checks every key is under the caller's own charity id.",
    );
    acknowledgeWildcardResource(
      this.policy,
      registerObjects,
      'Read only, on the register prefix of the register bucket: the index version folder is named by current.json at runtime (a new one every refresh).',
    );
    if (secretArn) {
      acknowledgeWildcardResource(
        this.policy,
        secretArn,
        'Secrets Manager adds a random 6-character suffix to secret ARNs; `-??????` matches exactly one secret of this name.',
      );
    }
  }
}

/** Props of {@link RegisterPublishPolicy}. */
export interface RegisterPublishPolicyProps {
  /** Bucket of the charity register index. */
  readonly registerBucket: s3.IBucket;
  /** Key prefix of the register index in {@link registerBucket}. */
  readonly registerIndexPrefix: string;
}

/**
 * What publishing a register index takes (see `publishRegisterToS3`): put a version's files and the
 * `current.json` pointer, list the version folders, delete the stale ones. All confined to the register prefix;
 * attached by the jobs stack to the refresh-register job only (every backend function can read the index).
 */
export class RegisterPublishPolicy extends Construct {
  /** The managed policy. */
  public readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: RegisterPublishPolicyProps) {
    super(scope, id);
    const prefix = props.registerIndexPrefix;
    const registerObjects = props.registerBucket.arnForObjects(`${prefix}/*`);
    this.policy = new iam.ManagedPolicy(this, 'Policy', {
      description: 'Publishing the charity register index (the refresh-register job)',
      statements: [
        new iam.PolicyStatement({
          sid: 'RegisterIndexWrite',
          actions: ['s3:PutObject', 's3:DeleteObject'],
          resources: [registerObjects],
        }),
        new iam.PolicyStatement({
          sid: 'RegisterIndexList',
          actions: ['s3:ListBucket'],
          resources: [props.registerBucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${prefix}/*`] } },
        }),
      ],
    });
    acknowledgeWildcardResource(
      this.policy,
      registerObjects,
      'Put and delete only under the register prefix of the register bucket: every refresh writes a new version folder named at runtime and deletes stale ones.',
    );
  }
}

/** Props of {@link BackendAccess}. */
export interface BackendAccessProps {
  /** The stateful resources the backend uses (including the shared {@link BackendPolicy}). */
  readonly stateful: StatefulStack;
  /** Public site URL; links in emails are built from it. */
  readonly siteUrl: string;
  /** Charity register adapter. */
  readonly registerSource: RegisterSource;
  /** Secrets Manager secret name of the Charity Commission API key (registerSource `api`). */
  readonly registerApiKeySecretName?: string;
}

/**
 * Gives backend functions (HTTP routes and scheduled jobs) what they need in one call: the table binding,
 * the shared environment (read at cold start by `lambdas/lib/env.ts` and the adapters) and the shared policy.
 */
export class BackendAccess extends Construct {
  /** Environment every backend function receives (TABLE_NAME and SERVICE_NAME are set elsewhere). */
  public readonly environment: Readonly<Record<string, string>>;
  private readonly stateful: StatefulStack;

  constructor(scope: Construct, id: string, props: BackendAccessProps) {
    super(scope, id);
    const { stateful } = props;
    this.stateful = stateful;
    this.environment = {
      USER_POOL_ID: stateful.userPool.userPoolId,
      CHARITY_CLIENT_ID: stateful.charityClient.userPoolClientId,
      DONOR_CLIENT_ID: stateful.donorClient.userPoolClientId,
      MEDIA_BUCKET: stateful.mediaBucket.bucketName,
      MEDIA_BASE_URL: stateful.mediaBaseUrl,
      REGISTER_INDEX_BUCKET: stateful.registerBucket.bucketName,
      REGISTER_INDEX_PREFIX: stateful.registerIndexPrefix,
      SES_SENDER: stateful.sesSender,
      SITE_URL: props.siteUrl,
      // Charities connect a Stripe account (Express, hosted onboarding); the key is bound per function below.
      PAYMENTS_MODE: 'stripe',
      REGISTER_SOURCE: props.registerSource,
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

  /** Gives a function the table, the shared environment and the shared policy. */
  public bind(fn: AppFunction): void {
    bindTable(fn.function, this.stateful.tableRef);
    for (const [name, value] of Object.entries(this.environment)) fn.function.addEnvironment(name, value);
    fn.role.addManagedPolicy(this.stateful.backendPolicy.policy);
  }

  /**
   * Gives a function that talks to the payment provider the Stripe secret key: its secret's ARN
   * (`PAYMENTS_SECRET_ARN`, read by `lambdas/adapters/payments.ts`) and read access to exactly that secret.
   */
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
