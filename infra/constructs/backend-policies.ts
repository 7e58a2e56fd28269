import { INCOMING_PREFIX } from '@shared/media';
import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from './nag';

/** Props of {@link BackendPolicies}. */
export interface BackendPoliciesProps {
  readonly mediaBucket: s3.IBucket;
  readonly senderIdentity: ses.IEmailIdentity;
  /** Name of the SES configuration set every message is sent with. */
  readonly configurationSetName: string;
  /** Bucket of the charity register index. */
  readonly registerBucket: s3.IBucket;
  /** Key prefix of the register index in {@link registerBucket}. */
  readonly registerIndexPrefix: string;
  /** Bucket of the charities' exports (issue 33). */
  readonly exportsBucket: s3.IBucket;
  /** Secrets Manager secret holding the Charity Commission API key, if used. */
  readonly registerApiKeySecretName?: string;
}

/**
 * The grants that name resources by pattern, one customer managed policy per capability (see
 * `infra/route-capabilities.ts`), so each function's role gets only the ones its route declares. They live
 * beside the resources they name (the stateful stack), so their ARNs are local references and the acknowledged
 * findings read plainly. Table and Cognito grants name exact ARNs and are added to each role directly.
 */
export class BackendPolicies extends Construct {
  /** Presigned POST uploads into the media bucket (s3:PutObject). */
  public readonly mediaUpload: iam.ManagedPolicy;
  /** Read, copy and delete media objects. */
  public readonly mediaManage: iam.ManagedPolicy;
  /** List the media bucket (deleting all of a prefix). */
  public readonly mediaList: iam.ManagedPolicy;
  /** Read the register index (and the Commission API key when configured). */
  public readonly registerRead: iam.ManagedPolicy;
  /** Send from the sender identity with the configuration set. */
  public readonly mailSend: iam.ManagedPolicy;
  /** Write export files (multipart too) and read them (the presigned links are signed with this role). */
  public readonly exportsWrite: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: BackendPoliciesProps) {
    super(scope, id);
    const mediaObjects = props.mediaBucket.arnForObjects('*');
    const registerObjects = props.registerBucket.arnForObjects(`${props.registerIndexPrefix}/*`);
    const mediaReason =
      "Media keys are generated per charity at runtime, so object access is granted on this one bucket; the API checks every key is under the caller's own charity id.";

    // The upload signer's forms can write only under incoming/ (the CDN never serves it); a save moves a
    // checked upload to its final key with the manage grant.
    const incomingObjects = props.mediaBucket.arnForObjects(`${INCOMING_PREFIX}*`);
    this.mediaUpload = new iam.ManagedPolicy(this, 'MediaUpload', {
      description: 'Kindred: sign presigned POST uploads into incoming/ of the media bucket',
      statements: [
        new iam.PolicyStatement({
          sid: 'MediaUpload',
          actions: ['s3:PutObject'],
          resources: [incomingObjects],
        }),
      ],
    });
    acknowledgeWildcardResource(this.mediaUpload, incomingObjects, mediaReason);

    this.mediaManage = new iam.ManagedPolicy(this, 'MediaManage', {
      description: 'Kindred: check, copy, read and delete media objects',
      statements: [
        new iam.PolicyStatement({
          sid: 'MediaObjects',
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [mediaObjects],
        }),
      ],
    });
    acknowledgeWildcardResource(this.mediaManage, mediaObjects, mediaReason);

    this.mediaList = new iam.ManagedPolicy(this, 'MediaList', {
      description: 'Kindred: list the media bucket (deleting every file of a page or an account)',
      statements: [
        new iam.PolicyStatement({
          sid: 'MediaList',
          actions: ['s3:ListBucket'],
          resources: [props.mediaBucket.bucketArn],
        }),
      ],
    });

    const registerStatements = [
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
      registerStatements.push(
        new iam.PolicyStatement({
          sid: 'RegisterApiKey',
          actions: ['secretsmanager:GetSecretValue'],
          resources: [secretArn],
        }),
      );
    }
    this.registerRead = new iam.ManagedPolicy(this, 'RegisterRead', {
      description: 'Kindred: read the charity register index',
      statements: registerStatements,
    });
    acknowledgeWildcardResource(
      this.registerRead,
      registerObjects,
      'Read only, on the register prefix of the register bucket: the index version folder is named by current.json at runtime (a new one every refresh).',
    );
    if (secretArn) {
      acknowledgeWildcardResource(
        this.registerRead,
        secretArn,
        'Secrets Manager adds a random 6-character suffix to secret ARNs; `-??????` matches exactly one secret of this name.',
      );
    }

    // With a configuration set, SES authorises SendEmail on the identity and on the configuration set.
    const configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: props.configurationSetName,
    });
    this.mailSend = new iam.ManagedPolicy(this, 'MailSend', {
      description: 'Kindred: send email from the sender identity',
      statements: [
        new iam.PolicyStatement({
          sid: 'SendFromSender',
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [props.senderIdentity.emailIdentityArn, configurationSetArn],
        }),
      ],
    });

    // Exports: PutObject covers CreateMultipartUpload, UploadPart and CompleteMultipartUpload; abandoned parts
    // are aborted by the bucket's lifecycle. GetObject only so the role's presigned GET links work. No list,
    // no delete: a function can neither find nor remove another charity's file (keys hold a random part).
    const exportObjects = props.exportsBucket.arnForObjects('*');
    this.exportsWrite = new iam.ManagedPolicy(this, 'ExportsWrite', {
      description: 'Kindred: write export files and sign short-lived links to them',
      statements: [
        new iam.PolicyStatement({
          sid: 'ExportObjects',
          actions: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:GetObject'],
          resources: [exportObjects],
        }),
      ],
    });
    acknowledgeWildcardResource(
      this.exportsWrite,
      exportObjects,
      "Export keys are made per request at runtime (`<userId>/<random>/<file>`); the API writes only under the caller's own id.",
    );
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
 * attached by the jobs stack to the refresh-register job only (functions that declare `register` read the index).
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
