/**
 * {@link PreflightPort} against AWS, through the SDK clients alone (STS, SSM, ACM, Secrets Manager, SES,
 * CloudFormation, Lambda), so deploying needs no AWS CLI. Credentials and region come from the SDK's default chain (`AWS_PROFILE`,
 * environment, SSO, instance role), as `cdk deploy` reads them.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { arnRegion, type PreflightPort } from './checks';

/** Names of AWS errors that mean "there is none". */
const NOT_FOUND = /ResourceNotFoundException|ParameterNotFound|NotFoundException/;

export const isNotFound = (error: unknown) =>
  error instanceof Error && (NOT_FOUND.test(error.name) || NOT_FOUND.test(error.message));

/** Undefined for an AWS "not found" error; any other error is thrown (the check reports it). */
async function orUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The SDK clients the port sends through, one per service and region (replaceable in tests). */
export interface PreflightClients {
  sts(): Pick<STSClient, 'send'>;
  ssm(region: string): Pick<SSMClient, 'send'>;
  acm(region: string): Pick<ACMClient, 'send'>;
  secrets(region: string): Pick<SecretsManagerClient, 'send'>;
  ses(region: string): Pick<SESv2Client, 'send'>;
  cloudFormation(region: string): Pick<CloudFormationClient, 'send'>;
  lambda(region: string): Pick<LambdaClient, 'send'>;
}

/**
 * What every client is made with besides its region: nothing by default (the SDK's chain; `AWS_ENDPOINT_URL`
 * is honoured there too). The runbook test points an in-process port at its fake AWS with it.
 */
export interface ClientSettings {
  /** STS's region (the other clients are made for the region they read). */
  readonly region?: string;
  readonly endpoint?: string;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** Clients with the caller's default credentials, made once per service and region. */
export function defaultClients(settings: ClientSettings = {}): PreflightClients {
  const made = new Map<string, unknown>();
  const once = <C>(key: string, make: () => C): C => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as C;
  };
  return {
    sts: () => once('sts', () => new STSClient({ ...settings })),
    ssm: (region) => once(`ssm:${region}`, () => new SSMClient({ ...settings, region })),
    acm: (region) => once(`acm:${region}`, () => new ACMClient({ ...settings, region })),
    secrets: (region) => once(`sm:${region}`, () => new SecretsManagerClient({ ...settings, region })),
    ses: (region) => once(`ses:${region}`, () => new SESv2Client({ ...settings, region })),
    cloudFormation: (region) =>
      once(`cfn:${region}`, () => new CloudFormationClient({ ...settings, region })),
    lambda: (region) => once(`lambda:${region}`, () => new LambdaClient({ ...settings, region })),
  };
}

/** The preflight's reads, through the SDK. */
export function awsPreflightPort(clients: PreflightClients = defaultClients()): PreflightPort {
  return {
    async callerAccount() {
      const out = await clients.sts().send(new GetCallerIdentityCommand({}));
      if (!out.Account) throw new Error('STS GetCallerIdentity returned no account');
      return out.Account;
    },
    async bootstrapVersion(region, qualifier) {
      const name = `/cdk-bootstrap/${qualifier}/version`;
      const out = await orUndefined(() => clients.ssm(region).send(new GetParameterCommand({ Name: name })));
      const value = out?.Parameter?.Value;
      return value === undefined ? undefined : Number(value);
    },
    async certificate(arn) {
      const region = arnRegion(arn) ?? 'us-east-1';
      const out = await orUndefined(() =>
        clients.acm(region).send(new DescribeCertificateCommand({ CertificateArn: arn })),
      );
      const c = out?.Certificate;
      if (!c) return undefined;
      const domains = [c.DomainName, ...(c.SubjectAlternativeNames ?? [])].filter(
        (d): d is string => typeof d === 'string',
      );
      return { status: c.Status ?? 'UNKNOWN', domains: [...new Set(domains)] };
    },
    async secretExists(secretId, region) {
      const out = await orUndefined(() =>
        clients.secrets(region).send(new DescribeSecretCommand({ SecretId: secretId })),
      );
      return out !== undefined && !out.DeletedDate && Object.keys(out.VersionIdsToStages ?? {}).length > 0;
    },
    async sesAccount(region) {
      const out = await clients.ses(region).send(new GetAccountCommand({}));
      const review = out.Details?.ReviewDetails;
      return {
        productionAccessEnabled: out.ProductionAccessEnabled === true,
        sendingEnabled: out.SendingEnabled !== false,
        ...(review?.Status
          ? { review: { status: review.Status, ...(review.CaseId ? { caseId: review.CaseId } : {}) } }
          : {}),
      };
    },
    async sesIdentity(identity, region) {
      const out = await orUndefined(() =>
        clients.ses(region).send(new GetEmailIdentityCommand({ EmailIdentity: identity })),
      );
      if (!out) return undefined;
      return {
        verified: out.VerifiedForSendingStatus === true,
        dkimStatus: out.DkimAttributes?.Status,
        mailFromStatus: out.MailFromAttributes?.MailFromDomainStatus,
      };
    },
    async ownRouteCount(stackName, region) {
      let routes = 0;
      let next: string | undefined;
      try {
        do {
          const page = await clients
            .cloudFormation(region)
            .send(new ListStackResourcesCommand({ StackName: stackName, NextToken: next }));
          for (const r of page.StackResourceSummaries ?? [])
            if (r.ResourceType === 'AWS::ApiGatewayV2::Route' && r.ResourceStatus !== 'DELETE_COMPLETE')
              routes++;
          next = page.NextToken;
        } while (next);
      } catch (error) {
        // CloudFormation's answer for a stack that was never made (or was deleted).
        if (error instanceof Error && /does not exist/.test(error.message)) return undefined;
        throw error;
      }
      return routes;
    },
    async lambdaConcurrencyLimit(region) {
      const out = await clients.lambda(region).send(new GetAccountSettingsCommand({}));
      const limit = out.AccountLimit?.ConcurrentExecutions;
      if (limit === undefined) throw new Error('Lambda GetAccountSettings returned no ConcurrentExecutions');
      return limit;
    },
  };
}
