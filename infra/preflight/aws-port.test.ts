import { DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { awsPreflightPort, type PreflightClients } from './aws-port';

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';

/** An AWS SDK service error as the clients throw it. */
const awsError = (name: string) => Object.assign(new Error(`${name}: nope`), { name });

/** Fake clients answering each command class with `answers` (a value, or an error to throw). */
function fakeClients(answers: Map<unknown, (input: unknown, region?: string) => unknown>) {
  const sent: { command: string; region?: string; input: unknown }[] = [];
  const client = (region?: string) => ({
    send: async (command: { constructor: unknown; input: unknown }) => {
      sent.push({ command: (command.constructor as { name: string }).name, region, input: command.input });
      const answer = answers.get(command.constructor);
      if (!answer) throw new Error(`unexpected ${(command.constructor as { name: string }).name}`);
      const out = answer(command.input, region);
      if (out instanceof Error) throw out;
      return out;
    },
  });
  const clients = {
    sts: () => client(),
    ssm: client,
    acm: client,
    secrets: client,
    ses: client,
    cloudFormation: client,
    lambda: client,
  } as unknown as PreflightClients;
  return { clients, sent };
}

describe('the preflight port through the SDK (no AWS CLI)', () => {
  it('reads the account, bootstrap versions and certificate in the right regions', async () => {
    const { clients, sent } = fakeClients(
      new Map<unknown, (input: unknown, region?: string) => unknown>([
        [GetCallerIdentityCommand, () => ({ Account: '123456789012' })],
        [
          GetParameterCommand,
          (_input, region) =>
            region === 'us-east-1' ? awsError('ParameterNotFound') : { Parameter: { Value: '21' } },
        ],
        [
          DescribeCertificateCommand,
          () => ({
            Certificate: {
              Status: 'ISSUED',
              DomainName: 'kindredgiving.org.uk',
              SubjectAlternativeNames: ['kindredgiving.org.uk', 'www.kindredgiving.org.uk'],
            },
          }),
        ],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.callerAccount()).toBe('123456789012');
    expect(await port.bootstrapVersion('eu-west-2', 'hnb659fds')).toBe(21);
    expect(await port.bootstrapVersion('us-east-1', 'hnb659fds')).toBeUndefined();
    expect(await port.certificate(CERT)).toEqual({
      status: 'ISSUED',
      domains: ['kindredgiving.org.uk', 'www.kindredgiving.org.uk'],
    });
    expect(sent.filter((s) => s.command === 'GetParameterCommand')).toEqual([
      {
        command: 'GetParameterCommand',
        region: 'eu-west-2',
        input: { Name: '/cdk-bootstrap/hnb659fds/version' },
      },
      {
        command: 'GetParameterCommand',
        region: 'us-east-1',
        input: { Name: '/cdk-bootstrap/hnb659fds/version' },
      },
    ]);
    expect(sent.find((s) => s.command === 'DescribeCertificateCommand')?.region).toBe('us-east-1');
  });

  it('answers "none" for a missing certificate, secret or identity, and throws any other error', async () => {
    const { clients } = fakeClients(
      new Map<unknown, (input: unknown) => unknown>([
        [DescribeCertificateCommand, () => awsError('ResourceNotFoundException')],
        [
          DescribeSecretCommand,
          (input) =>
            (input as { SecretId: string }).SecretId === 'gone'
              ? awsError('ResourceNotFoundException')
              : { VersionIdsToStages: { v1: ['AWSCURRENT'] } },
        ],
        [GetEmailIdentityCommand, () => awsError('NotFoundException')],
        [GetAccountCommand, () => awsError('AccessDeniedException')],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.certificate(CERT)).toBeUndefined();
    expect(await port.secretExists('gone', 'eu-west-2')).toBe(false);
    expect(await port.secretExists('kindred/stripe', 'eu-west-2')).toBe(true);
    expect(await port.sesIdentity('kindredgiving.org.uk', 'eu-west-2')).toBeUndefined();
    await expect(port.sesAccount('eu-west-2')).rejects.toThrow('AccessDeniedException');
  });

  it("reads the Lambda concurrency quota in the stage's region (the client is a dependency: no fallback)", async () => {
    const { clients, sent } = fakeClients(
      new Map<unknown, (input: unknown, region?: string) => unknown>([
        [
          GetAccountSettingsCommand,
          (_input, region) =>
            region === 'eu-west-2'
              ? { AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } }
              : awsError('AccessDeniedException'),
        ],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.lambdaConcurrencyLimit('eu-west-2')).toBe(10);
    expect(sent).toEqual([{ command: 'GetAccountSettingsCommand', region: 'eu-west-2', input: {} }]);
    await expect(port.lambdaConcurrencyLimit('eu-west-1')).rejects.toThrow('AccessDeniedException');
  });

  it('treats a secret scheduled for deletion, or one without a value, as missing', async () => {
    const { clients } = fakeClients(
      new Map<unknown, (input: unknown) => unknown>([
        [
          DescribeSecretCommand,
          (input) =>
            (input as { SecretId: string }).SecretId === 'deleted'
              ? { DeletedDate: new Date(), VersionIdsToStages: { v1: ['AWSCURRENT'] } }
              : { VersionIdsToStages: {} },
        ],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.secretExists('deleted', 'eu-west-2')).toBe(false);
    expect(await port.secretExists('empty', 'eu-west-2')).toBe(false);
  });

  it('reads SES account and identity state, and a production-access request under review', async () => {
    let review: object | undefined;
    const { clients } = fakeClients(
      new Map<unknown, () => unknown>([
        [
          GetAccountCommand,
          () => ({
            ProductionAccessEnabled: false,
            SendingEnabled: true,
            ...(review ? { Details: review } : {}),
          }),
        ],
        [
          GetEmailIdentityCommand,
          () => ({
            VerifiedForSendingStatus: true,
            DkimAttributes: { Status: 'PENDING' },
            MailFromAttributes: { MailFromDomainStatus: 'SUCCESS' },
          }),
        ],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.sesAccount('eu-west-2')).toEqual({
      productionAccessEnabled: false,
      sendingEnabled: true,
    });
    review = { MailType: 'TRANSACTIONAL', ReviewDetails: { Status: 'PENDING', CaseId: '1234' } };
    expect(await port.sesAccount('eu-west-2')).toEqual({
      productionAccessEnabled: false,
      sendingEnabled: true,
      review: { status: 'PENDING', caseId: '1234' },
    });
    expect(await port.sesIdentity('kindredgiving.org.uk', 'eu-west-2')).toEqual({
      verified: true,
      dkimStatus: 'PENDING',
      mailFromStatus: 'SUCCESS',
    });
  });

  it("counts the API stack's own routes over every page, and answers none for a stack that does not exist", async () => {
    const route = (status = 'CREATE_COMPLETE') => ({
      ResourceType: 'AWS::ApiGatewayV2::Route',
      ResourceStatus: status,
    });
    const { clients, sent } = fakeClients(
      new Map<unknown, (input: unknown, region?: string) => unknown>([
        [
          ListStackResourcesCommand,
          (input) => {
            const { StackName, NextToken } = input as { StackName: string; NextToken?: string };
            if (StackName === 'Kindred-new-Api')
              return Object.assign(new Error('Stack with id Kindred-new-Api does not exist'), {
                name: 'ValidationError',
              });
            if (StackName === 'Kindred-sharded-Api')
              return { StackResourceSummaries: [{ ResourceType: 'AWS::CloudFormation::Stack' }] };
            return NextToken
              ? { StackResourceSummaries: [route(), route('DELETE_COMPLETE')] }
              : {
                  StackResourceSummaries: [route(), { ResourceType: 'AWS::Lambda::Function' }],
                  NextToken: 'p2',
                };
          },
        ],
      ]),
    );
    const port = awsPreflightPort(clients);
    expect(await port.ownRouteCount('Kindred-old-Api', 'eu-west-2')).toBe(2);
    expect(await port.ownRouteCount('Kindred-sharded-Api', 'eu-west-2')).toBe(0);
    expect(await port.ownRouteCount('Kindred-new-Api', 'eu-west-2')).toBeUndefined();
    expect(sent.filter((s) => s.command === 'ListStackResourcesCommand')).toHaveLength(4);
  });
});
