/**
 * {@link PreflightPort} against AWS: Secrets Manager and SES through the SDK clients the project already
 * depends on; STS, SSM and ACM through the AWS CLI (v2), which the runbook needs anyway. With
 * `@aws-sdk/client-sts`, `client-ssm` and `client-acm` added, those three become SDK calls too.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { arnRegion, type PreflightPort } from './checks';

const run = promisify(execFile);

/** Names of AWS errors that mean "there is none" (SDK `name`, or the CLI's `(Code)` in its message). */
const NOT_FOUND = /ResourceNotFoundException|ParameterNotFound|NotFoundException/;

const isNotFound = (error: unknown) =>
  error instanceof Error && (NOT_FOUND.test(error.name) || NOT_FOUND.test(error.message));

async function aws(args: string[]): Promise<unknown> {
  try {
    const { stdout } = await run('aws', [...args, '--output', 'json'], { maxBuffer: 1024 * 1024 });
    return JSON.parse(stdout) as unknown;
  } catch (error) {
    const e = error as { stderr?: string; code?: string; message: string };
    if (e.code === 'ENOENT') throw new Error('the AWS CLI (aws) is not installed: it is needed to deploy');
    throw new Error((e.stderr || e.message).trim());
  }
}

/** The preflight's reads, with the caller's default credentials. */
export function awsPreflightPort(): PreflightPort {
  const clients = new Map<string, SecretsManagerClient | SESv2Client>();
  const client = <C extends SecretsManagerClient | SESv2Client>(key: string, make: () => C): C => {
    const found = clients.get(key) ?? make();
    clients.set(key, found);
    return found as C;
  };
  const secretsIn = (region: string) => client(`sm:${region}`, () => new SecretsManagerClient({ region }));
  const sesIn = (region: string) => client(`ses:${region}`, () => new SESv2Client({ region }));
  return {
    async callerAccount() {
      const out = (await aws(['sts', 'get-caller-identity'])) as { Account: string };
      return out.Account;
    },
    async bootstrapVersion(region, qualifier) {
      try {
        const name = `/cdk-bootstrap/${qualifier}/version`;
        const out = (await aws(['ssm', 'get-parameter', '--name', name, '--region', region])) as {
          Parameter: { Value: string };
        };
        return Number(out.Parameter.Value);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async certificate(arn) {
      try {
        const region = arnRegion(arn) ?? 'us-east-1';
        const args = ['acm', 'describe-certificate', '--certificate-arn', arn, '--region', region];
        const { Certificate: c } = (await aws(args)) as {
          Certificate: { Status: string; DomainName: string; SubjectAlternativeNames?: string[] };
        };
        return { status: c.Status, domains: [c.DomainName, ...(c.SubjectAlternativeNames ?? [])] };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async secretExists(secretId, region) {
      try {
        const out = await secretsIn(region).send(new DescribeSecretCommand({ SecretId: secretId }));
        return !out.DeletedDate && Object.keys(out.VersionIdsToStages ?? {}).length > 0;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async sesAccount(region) {
      const out = await sesIn(region).send(new GetAccountCommand({}));
      return {
        productionAccessEnabled: out.ProductionAccessEnabled === true,
        sendingEnabled: out.SendingEnabled !== false,
      };
    },
    async sesIdentity(identity, region) {
      try {
        const out = await sesIn(region).send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
        return {
          verified: out.VerifiedForSendingStatus === true,
          dkimStatus: out.DkimAttributes?.Status,
          mailFromStatus: out.MailFromAttributes?.MailFromDomainStatus,
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
  };
}
