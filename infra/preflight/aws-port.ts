/**
 * {@link PreflightPort} against AWS, through the SDK clients alone (STS, SSM, ACM, Secrets Manager, SES), so
 * deploying needs no AWS CLI. Credentials and region come from the SDK's default chain (`AWS_PROFILE`,
 * environment, SSO, instance role), as `cdk deploy` reads them.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
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
  /** Lambda's GetAccountSettings, when `@aws-sdk/client-lambda` is installed (see {@link lambdaConcurrency}). */
  lambdaConcurrency?(region: string): Promise<number | undefined>;
}

/** Clients with the caller's default credentials, made once per service and region. */
export function defaultClients(): PreflightClients {
  const made = new Map<string, unknown>();
  const once = <C>(key: string, make: () => C): C => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as C;
  };
  return {
    sts: () => once('sts', () => new STSClient({})),
    ssm: (region) => once(`ssm:${region}`, () => new SSMClient({ region })),
    acm: (region) => once(`acm:${region}`, () => new ACMClient({ region })),
    secrets: (region) => once(`sm:${region}`, () => new SecretsManagerClient({ region })),
    ses: (region) => once(`ses:${region}`, () => new SESv2Client({ region })),
    cloudFormation: (region) => once(`cfn:${region}`, () => new CloudFormationClient({ region })),
    lambdaConcurrency,
  };
}

/**
 * The account's concurrent-executions quota in a region (Lambda GetAccountSettings), read with
 * `@aws-sdk/client-lambda` when it is installed; undefined when it is not (the project does not depend on
 * it: the check then says to read the quota in Service Quotas).
 */
export async function lambdaConcurrency(region: string): Promise<number | undefined> {
  const moduleName = '@aws-sdk/client-lambda';
  let sdk: {
    LambdaClient: new (c: { region: string }) => { send(command: unknown): Promise<unknown> };
    GetAccountSettingsCommand: new (input: object) => unknown;
  };
  try {
    sdk = (await import(moduleName)) as typeof sdk;
  } catch {
    return undefined;
  }
  const out = (await new sdk.LambdaClient({ region }).send(new sdk.GetAccountSettingsCommand({}))) as {
    AccountLimit?: { ConcurrentExecutions?: number };
  };
  return out.AccountLimit?.ConcurrentExecutions;
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
      return {
        productionAccessEnabled: out.ProductionAccessEnabled === true,
        sendingEnabled: out.SendingEnabled !== false,
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
      return clients.lambdaConcurrency?.(region);
    },
  };
}
