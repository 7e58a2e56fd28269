import { AppClientName, USER_TYPE_ATTRIBUTE } from '@shared/identity';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { synthApp } from '../testing/synth-app';

const { stateful } = synthApp();
const template = Template.fromStack(stateful);
/** What both buckets must have: no public access of any kind, and encryption at rest. */
const PRIVATE_ENCRYPTED = {
  PublicAccessBlockConfiguration: {
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  },
  BucketEncryption: {
    ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
  },
};

/** All resources of one type, as [logicalId, properties]. */
function resourcesOf(type: string): [string, Record<string, unknown>][] {
  return Object.entries(template.findResources(type)).map(([id, r]) => [id, r.Properties ?? {}]);
}

describe('stateful stack', () => {
  it('pins the logical ids of the stateful resources (changing one would replace it and lose its data)', () => {
    expect(Object.keys(template.findResources('AWS::DynamoDB::Table'))).toEqual(['TableCD117FA1']);
    expect(Object.keys(template.findResources('AWS::Cognito::UserPool'))).toEqual(['UserPool6BA7E5F2']);
    const clients = Object.fromEntries(
      resourcesOf('AWS::Cognito::UserPoolClient').map(([id, p]) => [p.ClientName as string, id]),
    );
    expect(clients).toEqual({
      [AppClientName.Charity]: 'UserPoolCharityClientD87DE3B2',
      [AppClientName.Donor]: 'UserPoolDonorClientF993191F',
    });
    expect(Object.keys(template.findResources('AWS::S3::Bucket')).sort()).toEqual([
      'AccessLogs8B620ECA',
      'ExportsBucket5A12738B',
      'MediaBucketBCBB02BA',
      'RegisterBucket5BB06DC4',
    ]);
    expect(Object.keys(template.findResources('AWS::SES::EmailIdentity'))).toEqual([
      'SenderIdentity5AECAF6F',
    ]);
  });

  it('is termination protected and retains every data resource', () => {
    expect(stateful.terminationProtection).toBe(true);
    for (const type of ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket']) {
      for (const resource of Object.values(template.findResources(type))) {
        expect(resource).toMatchObject({
          DeletionPolicy: 'RetainExceptOnCreate',
          UpdateReplacePolicy: 'Retain',
        });
      }
    }
  });

  it('has the single table: PK/SK, GSI1, TTL on expiresAt, PITR, on demand, AWS managed encryption', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [
        {
          IndexName: 'GSI1',
          KeySchema: [
            { AttributeName: 'GSI1PK', KeyType: 'HASH' },
            { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSEEnabled without a key = KMS with the AWS managed key (aws/dynamodb).
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  it('has a user pool with email usernames, no self sign-up, a strong password policy and user_type', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      DeletionProtection: 'ACTIVE',
      Schema: Match.arrayWith([
        Match.objectLike({
          Name: USER_TYPE_ATTRIBUTE.replace('custom:', ''),
          AttributeDataType: 'String',
          Mutable: false,
        }),
      ]),
    });
  });

  it('wires the pre-token-generation trigger and lets it describe app clients', () => {
    const fnId = stateful.getLogicalId(stateful.preTokenGeneration.function.node.defaultChild as never);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreTokenGeneration: { 'Fn::GetAtt': [fnId, 'Arn'] } },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [Match.objectLike({ Action: 'cognito-idp:DescribeUserPoolClient', Effect: 'Allow' })],
      },
    });
  });

  it('gives both clients USER_PASSWORD_AUTH only, no secret, and no write access to custom:user_type', () => {
    const clients = resourcesOf('AWS::Cognito::UserPoolClient');
    expect(clients).toHaveLength(2);
    for (const [, client] of clients) {
      expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
      expect(client.GenerateSecret).toBe(false);
      expect(client.PreventUserExistenceErrors).toBe('ENABLED');
      // An absent WriteAttributes would let users write every standard attribute: it must be explicit.
      expect(Array.isArray(client.WriteAttributes) && client.WriteAttributes.length > 0).toBe(true);
      expect(client.WriteAttributes).not.toContain(USER_TYPE_ATTRIBUTE);
      expect(client.WriteAttributes).not.toContain('email');
      expect(client.ReadAttributes).toContain(USER_TYPE_ATTRIBUTE);
    }
  });

  it('keeps the media bucket private, TLS only, logged, with CORS for browser POST uploads', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...PRIVATE_ENCRYPTED,
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'media-bucket/' }),
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['POST']) })],
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('keeps the exports bucket private, TLS only, logged, its files gone after a day', () => {
    const id = stateful.getLogicalId(stateful.exportsBucket.node.defaultChild as never);
    const bucket = template.findResources('AWS::S3::Bucket')[id]?.Properties;
    expect(bucket).toMatchObject({
      ...PRIVATE_ENCRYPTED,
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { LogFilePrefix: 'exports-bucket/' },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({
            Status: 'Enabled',
            ExpirationInDays: 1,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          }),
        ],
      },
    });
    expect(bucket?.CorsConfiguration).toBeUndefined();
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')).filter(
      (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }),
    );
    expect(JSON.stringify(policies)).toContain('aws:SecureTransport');
  });

  it('lets the exports policy put (multipart too) and get export files, and nothing else', () => {
    const id = stateful.getLogicalId(stateful.exportsBucket.node.defaultChild as never);
    const policy = stateful.getLogicalId(stateful.backendPolicies.exportsWrite.node.defaultChild as never);
    expect(template.findResources('AWS::IAM::ManagedPolicy')[policy]?.Properties.PolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'ExportObjects',
          Effect: 'Allow',
          Action: ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/*']] },
        },
      ],
    });
  });

  it('keeps the register bucket private, TLS only, logged, without CORS, aborting stale uploads', () => {
    const id = stateful.getLogicalId(stateful.registerBucket.node.defaultChild as never);
    const bucket = template.toJSON().Resources[id];
    expect(bucket).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    expect(bucket.Properties).toMatchObject({
      ...PRIVATE_ENCRYPTED,
      LoggingConfiguration: {
        DestinationBucketName: { Ref: 'AccessLogs8B620ECA' },
        LogFilePrefix: 'register-bucket/',
      },
      LifecycleConfiguration: {
        Rules: [{ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }],
      },
    });
    expect(bucket.Properties.CorsConfiguration).toBeUndefined();
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets the register-read policy read the register index, and only the publish policy write it', () => {
    const id = stateful.getLogicalId(stateful.registerBucket.node.defaultChild as never);
    const objects = { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/register/*']] };
    const policy = (construct: { node: { defaultChild?: unknown } }) =>
      template.toJSON().Resources[stateful.getLogicalId(construct.node.defaultChild as never)].Properties
        .PolicyDocument.Statement as Record<string, unknown>[];

    const read = policy(stateful.backendPolicies.registerRead);
    expect(read).toContainEqual(
      expect.objectContaining({ Sid: 'RegisterIndexRead', Action: 's3:GetObject', Resource: objects }),
    );
    // No other capability policy names the register bucket.
    const { mediaUpload, mediaManage, mediaList, mailSend } = stateful.backendPolicies;
    for (const other of [mediaUpload, mediaManage, mediaList, mailSend]) {
      expect(JSON.stringify(policy(other))).not.toContain(id);
    }

    expect(policy(stateful.registerPublishPolicy.policy)).toEqual([
      expect.objectContaining({
        Sid: 'RegisterIndexWrite',
        Action: ['s3:DeleteObject', 's3:PutObject'],
        Resource: objects,
      }),
      expect.objectContaining({
        Sid: 'RegisterIndexList',
        Action: 's3:ListBucket',
        Resource: { 'Fn::GetAtt': [id, 'Arn'] },
        Condition: { StringLike: { 's3:prefix': ['register/*'] } },
      }),
    ]);
  });

  it('serves media through CloudFront with origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        Logging: Match.objectLike({ Prefix: 'media-cdn/' }),
      }),
    });
  });

  it("answers cross-origin media reads for the site's own origin only, once the stage has a site domain", () => {
    const withDomain = synthApp({
      siteDomain: 'give.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    Template.fromStack(withDomain.stateful).hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CorsConfig: Match.objectLike({ AccessControlAllowOrigins: { Items: ['https://give.example.org'] } }),
      }),
    });
  });

  it('answers media reads with CORS (caption tracks of videos on the site), never with credentials', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CorsConfig: Match.objectLike({
          AccessControlAllowOrigins: { Items: ['*'] },
          AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
          AccessControlAllowCredentials: false,
        }),
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: 'sandbox' }),
        }),
      }),
    });
  });

  it('expires unsaved uploads under incoming/ after a day and never serves them through the media CDN', () => {
    const mediaId = stateful.getLogicalId(stateful.mediaBucket.node.defaultChild as never);
    const bucket = template.toJSON().Resources[mediaId];
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual({
      Id: 'ExpireIncomingUploads',
      Prefix: 'incoming/',
      ExpirationInDays: 1,
      Status: 'Enabled',
    });
    const cdnId = stateful.getLogicalId(stateful.mediaCdn.node.defaultChild as never);
    const config = template.toJSON().Resources[cdnId].Properties.DistributionConfig;
    const incoming = config.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === 'incoming/*',
    );
    const fnRef = incoming.FunctionAssociations[0];
    expect(fnRef.EventType).toBe('viewer-request');
    const fnId = fnRef.FunctionARN['Fn::GetAtt'][0];
    expect(template.toJSON().Resources[fnId].Properties.FunctionCode).toMatch(/statusCode: 404/);
    // The bucket refuses CloudFront reads of incoming/ however the path is spelt.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: mediaId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: 'NoIncomingThroughCdn',
            Effect: 'Deny',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [mediaId, 'Arn'] }, '/incoming/*']] },
          }),
        ]),
      },
    });
  });

  it('creates the SES identity of the sender', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.org' });
  });
});

describe('stateful stack: identity attribute and mail', () => {
  it('makes custom:user_type immutable (set once at creation, never rewritten)', () => {
    const pool = resourcesOf('AWS::Cognito::UserPool')[0]?.[1] as { Schema: Record<string, unknown>[] };
    expect(pool.Schema).toContainEqual(
      expect.objectContaining({ Name: USER_TYPE_ATTRIBUTE.replace('custom:', ''), Mutable: false }),
    );
  });

  it('sends bounce and complaint events of a configuration set to the default event bus, used by the identity', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: { EventBusArn: 'arn:aws:events:eu-west-2:123456789012:event-bus/default' },
      }),
    });
    const setId = stateful.getLogicalId(stateful.mailConfigurationSet.node.defaultChild as never);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } },
    });
  });

  it('makes a domain identity with DKIM and a custom MAIL FROM when a mail domain is configured', () => {
    const { stateful: withDomain } = synthApp({
      sesSender: 'no-reply@kindredgiving.org.uk',
      mailDomain: 'kindredgiving.org.uk',
    });
    Template.fromStack(withDomain).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'kindredgiving.org.uk',
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      MailFromAttributes: {
        MailFromDomain: 'mail.kindredgiving.org.uk',
        BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
      },
    });
  });

  it('imports the identity instead of creating it when told to (no AlreadyExists on a second stage)', () => {
    const { stateful: imported } = synthApp({ importSenderIdentity: true, mailDomain: 'example.org' });
    Template.fromStack(imported).resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(imported.resolve(imported.senderIdentity.emailIdentityArn)).toBe(
      'arn:aws:ses:eu-west-2:123456789012:identity/example.org',
    );
  });

  it('lets the mail policy send only from the identity, with the configuration set', () => {
    const id = stateful.getLogicalId(stateful.backendPolicies.mailSend.node.defaultChild as never);
    const statement = template.toJSON().Resources[id].Properties.PolicyDocument.Statement;
    expect(statement).toHaveLength(1);
    expect(statement[0].Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(statement[0].Resource)).toContain('configuration-set/');
    const identityId = stateful.getLogicalId(stateful.senderIdentity.node.defaultChild as never);
    expect(JSON.stringify(statement[0].Resource)).toContain('arn:aws:ses:eu-west-2:123456789012:identity/');
    expect(JSON.stringify(statement[0].Resource)).toContain(identityId);
  });
});
