import { AppClientName } from '@shared/identity';
import { INCOMING_PREFIX } from '@shared/media';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { BackendPolicies, RegisterPublishPolicy } from '../constructs/backend-policies';
import { creationSuffix } from '../constructs/creation-suffix';
import { FollowMailQueue } from '../constructs/follow-mail';
import { MailDnsRecords } from '../constructs/mail-dns';
import { acknowledgeWildcardResource } from '../constructs/nag';
import type { TableRef } from '../constructs/table-binding';
import { UserPoolFirewall } from '../constructs/user-pool-firewall';
import { USER_POOL_PASSWORD_POLICY } from '../password-policy';
import { preTokenGenerationEntry } from '../paths';
import { HSTS_MAX_AGE_SECONDS, MEDIA_HEADERS, REFERRER_POLICY } from '../security-headers';
import { TABLE_SCHEMA } from '../table-schema';

/** Props of {@link StatefulStack}. */
export interface StatefulStackProps extends StackProps {
  /** Address SES sends from; without {@link mailDomain} an email identity is made for it (AWS mails it a link). */
  readonly sesSender: string;
  /**
   * Domain SES sends for: the identity is this domain, with Easy DKIM (2048-bit) and a custom MAIL FROM
   * domain (`<mailFromSubdomain>.<mailDomain>`), so mail passes SPF and DKIM alignment for DMARC.
   */
  readonly mailDomain?: string;
  /** @default 'mail' */
  readonly mailFromSubdomain?: string;
  /** Import the SES identity (verified before, or shared with another stage) instead of creating it. */
  readonly importSenderIdentity?: boolean;
  /**
   * Origin of the site (`https://host`), allowed by the media bucket's CORS for browser uploads. When the
   * site has no custom domain its CloudFront host is only known in a later stack, so `https://*.cloudfront.net`
   * is allowed instead: harmless, because what may be uploaded is fixed by the presigned policy, not by CORS.
   */
  readonly siteOrigin?: string;
  /** Secrets Manager secret holding the Charity Commission API key, readable by the backend when set. */
  readonly registerApiKeySecretName?: string;
  /** A Route 53 hosted zone holding {@link mailDomain}: the mail DNS records are published there. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
  /** Reserved concurrency of the pre-token-generation trigger (infra/concurrency.ts). @default none */
  readonly preTokenReservedConcurrency?: number;
  /** The user pool's WAF: managed rules count only (the stage's `wafCountModeUntil`). */
  readonly wafManagedRulesCountOnly?: boolean;
  /** The user pool's WAF log group is `aws-waf-logs-<this>`. @default no WAF logging */
  readonly wafLogName?: string;
}

/** Prefix of the site bucket's server access logs in the log bucket. */
export const SITE_BUCKET_LOG_PREFIX = 'site-bucket/';

/** Key prefix of the register index in the register bucket (`<prefix>/current.json`, `<prefix>/<version>/...`). */
export const REGISTER_INDEX_PREFIX = 'register';

/** Days a daily AWS Backup snapshot of the table is kept. */
export const BACKUP_RETENTION_DAYS = 35;

/** Days a replaced or deleted media object stays recoverable (a noncurrent version) before S3 expires it. */
export const MEDIA_NONCURRENT_DAYS = 30;

/** Name of the table's one global secondary index. */
export const GSI1 = TABLE_SCHEMA.gsi1.indexName;

/**
 * Everything that holds data or identity and must outlive any redeploy: the single table, the user pool and
 * its two app clients, the media bucket (and its CDN), the register bucket (the charity register index built by
 * the refresh-register job), the access-log bucket and the SES sender identity.
 * Termination protection is on, and every data resource is retained if removed from the template. Never
 * change the construct ids below: `stateful-stack.test.ts` pins the logical ids they produce.
 */
export class StatefulStack extends Stack {
  /** The single table (keys PK/SK, GSI1 on GSI1PK/GSI1SK, TTL on expiresAt). */
  public readonly table: dynamodb.Table;
  /** The table and its index names, for {@link bindTable}. */
  public readonly tableRef: TableRef;
  /** The user pool; the username is the email. */
  public readonly userPool: cognito.UserPool;
  /** The pre-token-generation trigger (refuses non-charity users on the charity client). */
  public readonly preTokenGeneration: AppFunction;
  /** App client of the charity portal (`AppClientName.Charity`). */
  public readonly charityClient: cognito.UserPoolClient;
  /** App client of the donor side (`AppClientName.Donor`). */
  public readonly donorClient: cognito.UserPoolClient;
  /** The user pool's AWS WAF web ACL: account changes that bypass the app are blocked (and its backend secret). */
  public readonly userPoolFirewall: UserPoolFirewall;
  /** Private bucket of charity media; browsers upload with presigned POSTs and read through {@link mediaCdn}. */
  public readonly mediaBucket: s3.Bucket;
  /** CloudFront distribution that serves the media bucket (origin access control). */
  public readonly mediaCdn: cloudfront.Distribution;
  /** `https://<media cdn host>`: the base URL media keys are appended to. */
  public readonly mediaBaseUrl: string;
  /** Private bucket of the charity register index, under {@link registerIndexPrefix}. */
  public readonly registerBucket: s3.Bucket;
  /** Private bucket of the charities' exports (CSV, HMRC schedules): fetched by 5-minute signed links. */
  public readonly exportsBucket: s3.Bucket;
  /** Key prefix of the register index in {@link registerBucket}. */
  public readonly registerIndexPrefix: string = REGISTER_INDEX_PREFIX;
  /** Bucket receiving S3 server access logs and CloudFront standard logs. */
  public readonly logBucket: s3.Bucket;
  /** The SES identity mail is sent from: the mail domain, or the sender address without one. */
  public readonly senderIdentity: ses.IEmailIdentity;
  /** The sender address. */
  public readonly sesSender: string;
  /**
   * The SES configuration set every message is sent with: its bounce and complaint events go to the default
   * event bus (matched by the API stack's suppression recorder), and SES's own account suppression list applies.
   */
  public readonly mailConfigurationSet: ses.ConfigurationSet;
  /** Name of {@link mailConfigurationSet}. */
  public readonly mailConfigurationSetName: string;
  /** AWS Backup of the table: daily, kept 35 days (beside point-in-time recovery's 35 days of changes). */
  public readonly backupPlan: backup.BackupPlan;
  /** Pattern-named grants, one per capability (attached per function by the API and jobs stacks). */
  public readonly backendPolicies: BackendPolicies;
  /** Write access to the register index: attached by the jobs stack to the refresh-register job only. */
  public readonly registerPublishPolicy: RegisterPublishPolicy;
  /**
   * The follow-mail queue, its dead-letter queue and its send policy (issue 44): here, so the API stack's post
   * functions and the jobs stack (the publisher, the digest and the consumer) reach it without a cycle.
   */
  public readonly followMail: FollowMailQueue;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, { terminationProtection: true, ...props });
    this.sesSender = props.sesSender;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_SCHEMA.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      // Keys only (no item data leaves the table): the discovery cards' consumer reads the items itself (issue 45).
      stream: dynamodb.StreamViewType.KEYS_ONLY,
      // RetainExceptOnCreate: a failed first deploy rolls back cleanly (nothing orphaned), later ones retain.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: GSI1,
      partitionKey: { name: TABLE_SCHEMA.gsi1.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.gsi1.sortKey, type: dynamodb.AttributeType.STRING },
    });
    this.tableRef = { table: this.table, indexNames: [GSI1] };
    this.backupPlan = this.createBackupPlan();

    this.logBucket = this.createLogBucket();
    ({
      preTokenGeneration: this.preTokenGeneration,
      userPool: this.userPool,
      charityClient: this.charityClient,
      donorClient: this.donorClient,
    } = this.createIdentity(props.preTokenReservedConcurrency));
    this.userPoolFirewall = new UserPoolFirewall(this, 'UserPoolFirewall', {
      userPool: this.userPool,
      managedRulesCountOnly: props.wafManagedRulesCountOnly,
      logName: props.wafLogName,
    });
    this.mediaBucket = this.createMediaBucket(props.siteOrigin);
    this.mediaCdn = this.createMediaCdn(props.siteOrigin);
    this.registerBucket = this.createRegisterBucket();
    this.exportsBucket = this.createExportsBucket();
    this.mediaBaseUrl = `https://${this.mediaCdn.distributionDomainName}`;

    this.mailConfigurationSet = this.createMailConfigurationSet();
    this.mailConfigurationSetName = this.mailConfigurationSet.configurationSetName;
    this.senderIdentity = this.createSenderIdentity(props);
    if (this.senderIdentity instanceof ses.EmailIdentity && props.mailDomain) {
      new MailDnsRecords(this, 'MailDns', {
        identity: this.senderIdentity,
        mailDomain: props.mailDomain,
        mailFromDomain: `${props.mailFromSubdomain ?? 'mail'}.${props.mailDomain}`,
        hostedZone: props.hostedZone,
      });
    }

    this.backendPolicies = new BackendPolicies(this, 'BackendPolicies', {
      mediaBucket: this.mediaBucket,
      senderIdentity: this.senderIdentity,
      configurationSetName: this.mailConfigurationSetName,
      registerBucket: this.registerBucket,
      registerIndexPrefix: this.registerIndexPrefix,
      exportsBucket: this.exportsBucket,
      registerApiKeySecretName: props.registerApiKeySecretName,
    });
    this.registerPublishPolicy = new RegisterPublishPolicy(this, 'RegisterPublishPolicy', {
      registerBucket: this.registerBucket,
      registerIndexPrefix: this.registerIndexPrefix,
    });
    this.followMail = new FollowMailQueue(this, 'FollowMail');

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'CharityClientId', { value: this.charityClient.userPoolClientId });
    new CfnOutput(this, 'DonorClientId', { value: this.donorClient.userPoolClientId });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    new CfnOutput(this, 'MediaBaseUrl', { value: this.mediaBaseUrl });
    new CfnOutput(this, 'RegisterBucketName', { value: this.registerBucket.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exportsBucket.bucketName });
    new CfnOutput(this, 'MailConfigurationSetName', { value: this.mailConfigurationSetName });
  }

  /**
   * The configuration set: SES suppresses addresses that bounced or complained account-wide, and sends the
   * Bounce and Complaint events to the account's default event bus, where the API stack's recorder writes
   * them to the table (the send path then refuses those addresses with a clear message).
   */
  private createMailConfigurationSet(): ses.ConfigurationSet {
    const set = new ses.ConfigurationSet(this, 'MailConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    // Retained: replacing or removing it must not drop the sending settings mid-flight (issue 34).
    set.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    set.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(
        events.EventBus.fromEventBusName(this, 'DefaultEventBus', 'default'),
      ),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    return set;
  }

  /**
   * The domain identity (Easy DKIM, custom MAIL FROM; its DNS records are listed in the SES console and the
   * README) when a mail domain is configured, otherwise the sender address. Imported when it exists already
   * (SES identities are per account and region, so a second stage or an earlier verification would make
   * creating it fail with AlreadyExists).
   */
  private createSenderIdentity(props: StatefulStackProps): ses.IEmailIdentity {
    const name = props.mailDomain ?? props.sesSender;
    if (props.importSenderIdentity)
      return ses.EmailIdentity.fromEmailIdentityName(this, 'SenderIdentity', name);
    if (!props.mailDomain) {
      const identity = new ses.EmailIdentity(this, 'SenderIdentity', {
        identity: ses.Identity.email(props.sesSender),
        configurationSet: this.mailConfigurationSet,
      });
      identity.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
      return identity;
    }
    // Retained: a replaced or removed identity (switching to `import`) would otherwise be deleted, and its
    // DKIM keys with it, so mail would stop until new DNS records were published.
    const identity = new ses.EmailIdentity(this, 'SenderIdentity', {
      identity: ses.Identity.domain(props.mailDomain),
      dkimSigning: true,
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      mailFromDomain: `${props.mailFromSubdomain ?? 'mail'}.${props.mailDomain}`,
      // Until the MAIL FROM records are published, SES falls back to amazonses.com rather than refusing.
      mailFromBehaviorOnMxFailure: ses.MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
      configurationSet: this.mailConfigurationSet,
    });
    identity.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    return identity;
  }

  /**
   * Daily snapshots of the table in a retained vault, kept 35 days: a copy that survives the table's deletion
   * (PITR does not) and restores with `aws backup start-restore-job` (docs/operating.md, "Restoring").
   */
  private createBackupPlan(): backup.BackupPlan {
    const vault = new backup.BackupVault(this, 'BackupVault', {
      // Kept when the stack is deleted: a name of this creation, so a re-created stack does not meet it.
      backupVaultName: `${this.stackName}-${creationSuffix(this)}`,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    const plan = new backup.BackupPlan(this, 'BackupPlan', {
      backupPlanName: `${this.stackName}-daily`,
      backupVault: vault,
    });
    plan.addRule(
      new backup.BackupPlanRule({
        ruleName: 'Daily35Days',
        scheduleExpression: events.Schedule.cron({ hour: '3', minute: '0' }),
        deleteAfter: Duration.days(BACKUP_RETENTION_DAYS),
      }),
    );
    const selection = plan.addSelection('Table', {
      resources: [backup.BackupResource.fromDynamoDbTable(this.table)],
    });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason:
        "AWS Backup's own service role policy: AWS maintains the exact permissions each backup needs per service; it is scoped to this plan's selection.",
    });
    return plan;
  }

  private createLogBucket(): s3.Bucket {
    const bucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL grant, which needs ACLs enabled on the bucket.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { expiration: Duration.days(365), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // Buckets of the stateless stacks log here too. They cannot add this policy themselves (the log bucket would
    // then depend on them), so S3 logging from this account is allowed under their prefixes here.
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'S3ServerAccessLogsFromStatelessStacks',
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${SITE_BUCKET_LOG_PREFIX}*`)],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination bucket itself; logging it into itself would loop.',
    });
    return bucket;
  }

  private createIdentity(reservedConcurrentExecutions: number | undefined) {
    const preTokenGeneration = new AppFunction(this, 'PreTokenGeneration', {
      entry: preTokenGenerationEntry,
      // Its own reserve (when the stage reserves): sign-in never waits for the public routes.
      reservedConcurrentExecutions,
      serviceName: 'pre-token-generation',
      description: 'Refuses tokens for non-charity users signing in through the charity portal client.',
      timeout: Duration.seconds(5),
    });
    // The trigger learns the client's name from the pool. Naming this pool's ARN here would make the pool
    // depend on the function and the function on the pool (a cycle), so the grant is on this account's pools.
    const anyPoolHere = this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' });
    const describeClients = new iam.Policy(this, 'PreTokenGenerationDescribeClients', {
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:DescribeUserPoolClient'],
          resources: [anyPoolHere],
        }),
      ],
    });
    preTokenGeneration.role.attachInlinePolicy(describeClients);
    acknowledgeWildcardResource(
      describeClients,
      anyPoolHere,
      "Read-only DescribeUserPoolClient on this account's pools in this region; naming the pool's own ARN would be a dependency cycle (the pool references the trigger).",
    );

    const userPool = new cognito.UserPool(this, 'UserPool', {
      // Accounts are created by the backend (AdminCreateUser) after its own checks.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // Set once by AdminCreateUser and never changed: immutable, so no call (admin or user) can rewrite it.
      customAttributes: { user_type: new cognito.StringAttribute({ mutable: false, minLen: 1, maxLen: 16 }) },
      passwordPolicy: { ...USER_POOL_PASSWORD_POLICY },
      // Password resets use the app's own emailed, single-use links (rate limited, in the spec's words);
      // Cognito's ForgotPassword flow would be a second, unthrottled way in, so it is switched off.
      accountRecovery: cognito.AccountRecovery.NONE,
      // Two-step sign-in (TOTP) is each charity's choice, and required for payment changes (docs/trust-rules.md);
      // no SMS. The app's own routes set it up (the browser's Cognito calls for it are blocked).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      lambdaTriggers: { preTokenGeneration: preTokenGeneration.function },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA (TOTP) is optional for each charity and required by the API, not Cognito, for payment changes and deleting an account with a payment account (docs/trust-rules.md); donors sign in with a password only.',
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Essentials plan on purpose: the Plus plan (threat protection) is billed per active user and not justified pre-launch. Revisit at launch.',
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Threat protection (advanced security) needs the Cognito Plus plan, billed per active user; not justified pre-launch. Cognito still locks out repeated failed sign-ins. Revisit at launch.',
    });

    // Clients may read the user type but never write it: it is set only by the backend with admin calls.
    // WriteAttributes is listed explicitly because leaving it out lets a signed-in user write every standard
    // attribute (email included, which would bypass our own email checks). `locale` is a harmless filler.
    const readAttributes = new cognito.ClientAttributes()
      .withStandardAttributes({ email: true, emailVerified: true })
      .withCustomAttributes('user_type');
    const writeAttributes = new cognito.ClientAttributes().withStandardAttributes({ locale: true });
    const clientOptions: cognito.UserPoolClientOptions = {
      generateSecret: false,
      // USER_PASSWORD_AUTH only (refresh is always allowed); the local Cognito stand-in has no SRP.
      authFlows: { userPassword: true },
      disableOAuth: true,
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes,
      writeAttributes,
    };
    const charityClient = userPool.addClient('CharityClient', {
      ...clientOptions,
      userPoolClientName: AppClientName.Charity,
    });
    const donorClient = userPool.addClient('DonorClient', {
      ...clientOptions,
      userPoolClientName: AppClientName.Donor,
    });
    return { preTokenGeneration, userPool, charityClient, donorClient };
  }

  /**
   * What the media and register buckets share: private (no public access, TLS only, S3-managed encryption,
   * no ACLs), unversioned, with server access logs under `logPrefix` in the log bucket.
   */
  private privateBucketProps(logPrefix: string): s3.BucketProps {
    return {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: logPrefix,
    };
  }

  private createMediaBucket(siteOrigin: string | undefined): s3.Bucket {
    return new s3.Bucket(this, 'MediaBucket', {
      // Versioned (issue 34): a deleted object (a mistake, a bad release) stays recoverable for
      // MEDIA_NONCURRENT_DAYS as a noncurrent version, then S3 expires it, so deleted media is gone for good
      // after that (decision 18.4).
      ...this.privateBucketProps('media-bucket/'),
      versioned: true,
      cors: [
        {
          // POST: presigned uploads from the browser. GET/HEAD: direct reads, e.g. to check an upload.
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: [siteOrigin ?? 'https://*.cloudfront.net'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(MEDIA_NONCURRENT_DAYS),
          expiredObjectDeleteMarker: true,
        },
        // Upload forms write under incoming/; a save copies the checked file out, so what is left is abandoned.
        { id: 'ExpireIncomingUploads', prefix: INCOMING_PREFIX, expiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }

  /**
   * The register index: `<prefix>/current.json` names the current `<prefix>/<version>/` folder (index, details,
   * meta). Only the refresh-register job writes here; the search and details functions read it at cold start
   * (details with ranged GETs). Private and never served to browsers, so no CORS and no CDN.
   */
  private createRegisterBucket(): s3.Bucket {
    return new s3.Bucket(this, 'RegisterBucket', {
      // Versioning off: the job keeps the previous index version itself (a warm function may still read its
      // details) and deletes older ones, which noncurrent versions would only keep around and bill for.
      ...this.privateBucketProps('register-bucket/'),
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // The index can be rebuilt from the Commission's extract, but retaining it keeps the finder working
      // across a stack replacement until the next refresh.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }

  /**
   * Exports (issue 33): files made for one request, under `<userId>/<random>/<name>`, fetched once through a
   * 5-minute presigned GET. Private, never served by a CDN, and gone after a day: an export is a copy of data
   * the table keeps, so nothing here needs keeping (the lifecycle also ends abandoned multipart uploads).
   */
  private createExportsBucket(): s3.Bucket {
    return new s3.Bucket(this, 'ExportsBucket', {
      ...this.privateBucketProps('exports-bucket/'),
      lifecycleRules: [
        {
          id: 'ExpireExports',
          expiration: Duration.days(1),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // Nothing to keep (a day's copies), but every bucket of this stack is retained (except on a failed first
      // create); a removed one is emptied by its own lifecycle within a day.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }

  /**
   * The media CDN never serves `incoming/` (uploads not yet checked and saved): a viewer-request function answers
   * 404 for that path, and the bucket policy denies CloudFront reads of it, which also holds for spellings the
   * path pattern does not match (percent-encoded, doubled slashes).
   */
  private createMediaCdn(siteOrigin: string | undefined): cloudfront.Distribution {
    const origin = S3BucketOrigin.withOriginAccessControl(this.mediaBucket);
    const served = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      // infra/security-headers.ts MEDIA_HEADERS: never sniffed, and a document is sandboxed.
      responseHeadersPolicy: new cloudfront.ResponseHeadersPolicy(this, 'MediaHeaders', {
        comment: 'Media: nosniff, CSP sandbox, CORS for caption tracks',
        // A video's caption file is a <track> of a video on the site's origin: a cross-origin track loads only
        // with CORS (the video element is `crossorigin="anonymous"`). Only the site's own pages may read media
        // across origins, so no other site can use the CDN as a file host for its scripts. A stage with no site
        // domain (development: its CloudFront host is known only in a later stack) allows any origin.
        corsBehavior: {
          accessControlAllowOrigins: [siteOrigin ?? '*'],
          accessControlAllowMethods: ['GET', 'HEAD'],
          accessControlAllowHeaders: ['Range'],
          accessControlAllowCredentials: false,
          originOverride: true,
        },
        securityHeadersBehavior: {
          contentSecurityPolicy: {
            contentSecurityPolicy: MEDIA_HEADERS['content-security-policy'] as string,
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: {
            referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
            override: true,
          },
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
            includeSubdomains: true,
            override: true,
          },
        },
      }),
    };
    const notServed = new cloudfront.Function(this, 'MediaIncomingNotFound', {
      comment: 'Uploads not yet saved are never served',
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { return { statusCode: 404, statusDescription: 'Not Found' }; }",
      ),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'NoIncomingThroughCdn',
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects(`${INCOMING_PREFIX}*`)],
      }),
    );
    const cdn = new cloudfront.Distribution(this, 'MediaCdn', {
      comment: 'Charity media (read only)',
      defaultBehavior: { origin, ...served },
      additionalBehaviors: {
        [`${INCOMING_PREFIX}*`]: {
          origin,
          ...served,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          functionAssociations: [
            { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: notServed },
          ],
        },
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Visitors are in the UK: Europe and North America edges are enough and cheapest.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'media-cdn/',
    });
    acknowledgeDistributionDefaults(cdn, 'media');
    return cdn;
  }
}

/**
 * Acknowledges the AwsSolutions distribution findings that hold for both of our distributions, with the
 * reasons. `what` names the distribution in the reasons.
 */
export function acknowledgeDistributionDefaults(
  distribution: cloudfront.Distribution,
  what: string,
  options: { customCertificate?: boolean } = {},
): void {
  Validations.of(distribution).acknowledge({
    id: 'AwsSolutions-CFR1',
    reason: `The ${what} distribution serves a public UK charity site meant to be reachable from anywhere; no country is restricted.`,
  });
  Validations.of(distribution).acknowledge({
    id: 'AwsSolutions-CFR2',
    reason: `No WAF web ACL on the ${what} distribution pre-launch (fixed monthly cost); the API applies its own per-IP and per-account rate limits and stage throttling. Revisit at launch.`,
  });
  if (!options.customCertificate) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason: `The ${what} distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; with a custom domain certificate TLSv1.2_2021 is enforced.`,
    });
  }
}
