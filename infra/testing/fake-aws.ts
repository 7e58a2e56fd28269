/**
 * A fake AWS account over HTTP, for the runbook test (`infra/runbook.test.ts`): point the SDK at it with
 * `AWS_ENDPOINT_URL` (every client of SDK v3 honours it) and fake credentials, and `npm run deploy -- <stage>`
 * runs its real preflight against it. It speaks just enough of each protocol for the preflight's reads (and
 * the CDK CLI's STS call): STS and CloudFormation (AWS query, XML), SSM, ACM and Secrets Manager (AWS JSON
 * 1.1), SES v2 and Lambda (REST JSON). The service and region come from the request's SigV4 credential scope.
 * Anything else is answered with an error and recorded in {@link FakeAws.unexpected}.
 *
 * Its state is a plain object the test changes, starting as a new account ({@link newAccount}): nothing
 * bootstrapped, a Lambda concurrency quota of 10, SES in the sandbox, no identities, no stacks.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The state of the fake account, changed freely by the test. */
export interface FakeAccount {
  readonly account: string;
  /** CDK bootstrap version by region (`/cdk-bootstrap/<qualifier>/version`, any qualifier). */
  readonly bootstrap: Map<string, number>;
  /** ACM certificates by ARN. */
  readonly certificates: Map<string, { status: string; domains: string[] }>;
  /** Secrets Manager secrets (name or complete ARN) that exist and have a value. */
  readonly secrets: Set<string>;
  /** SES account state by region (absent: the sandbox, no request). */
  readonly ses: Map<
    string,
    { productionAccessEnabled: boolean; review?: { status: string; caseId?: string } }
  >;
  /** SES identities by `<region>/<name>`. */
  readonly identities: Map<
    string,
    { verified: boolean; dkimStatus: string; mailFromStatus?: string; type: 'DOMAIN' | 'EMAIL_ADDRESS' }
  >;
  /** CloudFormation stacks by `<region>/<name>`: how many API routes each holds itself. */
  readonly stacks: Map<string, { ownRoutes: number }>;
  /** Lambda concurrent-executions quota by region (absent: 10, a new account's). */
  readonly lambdaQuota: Map<string, number>;
}

/** A new account: nothing bootstrapped, quota 10, SES sandbox, no identities, certificates, secrets or stacks. */
export function newAccount(account: string): FakeAccount {
  return {
    account,
    bootstrap: new Map(),
    certificates: new Map(),
    secrets: new Set(),
    ses: new Map(),
    identities: new Map(),
    stacks: new Map(),
    lambdaQuota: new Map(),
  };
}

/** One request the fake answered. */
export interface FakeRequest {
  readonly service: string;
  readonly region: string;
  readonly operation: string;
}

/** A running fake. */
export interface FakeAws {
  readonly endpoint: string;
  readonly state: FakeAccount;
  /** Every request answered, in order. */
  readonly requests: FakeRequest[];
  /** Requests it could not answer (an operation it does not speak). */
  readonly unexpected: string[];
  /** Fake credentials: the SDK signs with them, the fake does not check the signature. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  close(): Promise<void>;
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const json = (status: number, body: unknown, contentType = 'application/json'): Reply => ({
  status,
  headers: { 'content-type': contentType },
  body: JSON.stringify(body),
});

/** AWS JSON 1.1 (SSM, ACM, Secrets Manager). */
const awsJson = (body: unknown) => json(200, body, 'application/x-amz-json-1.1');
const awsJsonError = (type: string, message: string) =>
  json(400, { __type: type, message }, 'application/x-amz-json-1.1');

/** REST JSON (SES v2, Lambda): the error's type in a header. */
const restJsonError = (status: number, type: string, message: string): Reply => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
  body: JSON.stringify({ message }),
});

/** AWS query (STS, CloudFormation). */
const queryReply = (operation: string, namespace: string, result: string): Reply => ({
  status: 200,
  headers: { 'content-type': 'text/xml' },
  body: `<${operation}Response xmlns="${namespace}"><${operation}Result>${result}</${operation}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${operation}Response>`,
});
const queryError = (code: string, message: string): Reply => ({
  status: 400,
  headers: { 'content-type': 'text/xml' },
  body: `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
});

/** `Credential=<key>/<date>/<region>/<service>/aws4_request` of a SigV4 Authorization header. */
function scope(req: IncomingMessage): { region: string; service: string } | undefined {
  const match = /Credential=[^/]+\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request/.exec(
    req.headers.authorization ?? '',
  );
  return match ? { region: match[1] as string, service: match[2] as string } : undefined;
}

/** Answers one request from the account's state, or undefined when the operation is not spoken here. */
function answer(
  state: FakeAccount,
  service: string,
  region: string,
  req: IncomingMessage,
  body: string,
): { operation: string; reply: Reply | undefined } {
  const url = new URL(req.url ?? '/', 'http://fake');
  const target = String(req.headers['x-amz-target'] ?? '');
  const input = () => (body ? (JSON.parse(body) as Record<string, unknown>) : {});
  const form = new URLSearchParams(body);
  switch (service) {
    case 'sts': {
      const operation = form.get('Action') ?? '?';
      if (operation !== 'GetCallerIdentity') return { operation, reply: undefined };
      return {
        operation,
        reply: queryReply(
          operation,
          'https://sts.amazonaws.com/doc/2011-06-15/',
          `<Arn>arn:aws:iam::${state.account}:user/operator</Arn><UserId>AIDAFAKEOPERATOR</UserId><Account>${state.account}</Account>`,
        ),
      };
    }
    case 'cloudformation': {
      const operation = form.get('Action') ?? '?';
      if (operation !== 'ListStackResources') return { operation, reply: undefined };
      const name = form.get('StackName') ?? '';
      const stack = state.stacks.get(`${region}/${name}`);
      if (!stack)
        return { operation, reply: queryError('ValidationError', `Stack with id ${name} does not exist`) };
      const member = (type: string, id: string) =>
        `<member><LogicalResourceId>${id}</LogicalResourceId><ResourceType>${type}</ResourceType><ResourceStatus>CREATE_COMPLETE</ResourceStatus><LastUpdatedTimestamp>2026-01-01T00:00:00Z</LastUpdatedTimestamp></member>`;
      const members = [
        member('AWS::CloudFormation::Stack', 'RoutesPages'),
        ...Array.from({ length: stack.ownRoutes }, (_, i) => member('AWS::ApiGatewayV2::Route', `Route${i}`)),
      ];
      return {
        operation,
        reply: queryReply(
          operation,
          'http://cloudformation.amazonaws.com/doc/2010-05-15/',
          `<StackResourceSummaries>${members.join('')}</StackResourceSummaries>`,
        ),
      };
    }
    case 'ssm': {
      const operation = target.split('.')[1] ?? '?';
      if (operation !== 'GetParameter') return { operation, reply: undefined };
      const name = String(input().Name);
      const version = /^\/cdk-bootstrap\/[^/]+\/version$/.test(name)
        ? state.bootstrap.get(region)
        : undefined;
      return {
        operation,
        reply:
          version === undefined
            ? awsJsonError('ParameterNotFound', `Parameter ${name} not found.`)
            : awsJson({ Parameter: { Name: name, Type: 'String', Value: String(version), Version: 1 } }),
      };
    }
    case 'acm': {
      const operation = target.split('.')[1] ?? '?';
      if (operation !== 'DescribeCertificate') return { operation, reply: undefined };
      const arn = String(input().CertificateArn);
      const cert = state.certificates.get(arn);
      return {
        operation,
        reply: cert
          ? awsJson({
              Certificate: {
                CertificateArn: arn,
                DomainName: cert.domains[0],
                SubjectAlternativeNames: cert.domains,
                Status: cert.status,
              },
            })
          : awsJsonError('ResourceNotFoundException', `Could not find certificate ${arn}.`),
      };
    }
    case 'secretsmanager': {
      const operation = target.split('.')[1] ?? '?';
      if (operation !== 'DescribeSecret') return { operation, reply: undefined };
      const id = String(input().SecretId);
      return {
        operation,
        reply: state.secrets.has(id)
          ? awsJson({ ARN: id, Name: id, VersionIdsToStages: { v1: ['AWSCURRENT'] } })
          : awsJsonError('ResourceNotFoundException', "Secrets Manager can't find the specified secret."),
      };
    }
    case 'ses': {
      if (req.method === 'GET' && url.pathname === '/v2/email/account') {
        const account = state.ses.get(region) ?? { productionAccessEnabled: false };
        return {
          operation: 'GetAccount',
          reply: json(200, {
            ProductionAccessEnabled: account.productionAccessEnabled,
            SendingEnabled: true,
            EnforcementStatus: 'HEALTHY',
            ...(account.review
              ? {
                  Details: {
                    MailType: 'TRANSACTIONAL',
                    ReviewDetails: { Status: account.review.status, CaseId: account.review.caseId },
                  },
                }
              : {}),
          }),
        };
      }
      const identity = /^\/v2\/email\/identities\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && identity) {
        const name = decodeURIComponent(identity[1] as string);
        const found = state.identities.get(`${region}/${name}`);
        return {
          operation: 'GetEmailIdentity',
          reply: found
            ? json(200, {
                IdentityType: found.type,
                VerifiedForSendingStatus: found.verified,
                DkimAttributes: { Status: found.dkimStatus, SigningEnabled: true },
                ...(found.mailFromStatus
                  ? { MailFromAttributes: { MailFromDomainStatus: found.mailFromStatus } }
                  : {}),
              })
            : restJsonError(404, 'NotFoundException', `Email identity ${name} does not exist.`),
        };
      }
      return { operation: `${req.method} ${url.pathname}`, reply: undefined };
    }
    case 'lambda': {
      if (req.method === 'GET' && /^\/2016-08-19\/account-settings\/?$/.test(url.pathname)) {
        const quota = state.lambdaQuota.get(region) ?? 10;
        return {
          operation: 'GetAccountSettings',
          reply: json(200, {
            AccountLimit: {
              ConcurrentExecutions: quota,
              UnreservedConcurrentExecutions: quota,
              CodeSizeUnzipped: 262144000,
              CodeSizeZipped: 52428800,
              TotalCodeSize: 80530636800,
            },
            AccountUsage: { FunctionCount: 0, TotalCodeSize: 0 },
          }),
        };
      }
      return { operation: `${req.method} ${url.pathname}`, reply: undefined };
    }
    default:
      return { operation: `${req.method} ${url.pathname} ${target}`, reply: undefined };
  }
}

/** Starts the fake on a free local port. */
export async function startFakeAws(state: FakeAccount): Promise<FakeAws> {
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = scope(req);
      let reply: Reply;
      if (!signed) {
        unexpected.push(`unsigned ${req.method} ${req.url}`);
        reply = json(403, { message: 'Missing Authentication Token' });
      } else {
        const { operation, reply: answered } = answer(state, signed.service, signed.region, req, body);
        if (answered) {
          requests.push({ service: signed.service, region: signed.region, operation });
          reply = answered;
        } else {
          unexpected.push(`${signed.service} ${operation} (${signed.region})`);
          reply = restJsonError(400, 'UnknownOperationException', `the fake AWS does not speak ${operation}`);
        }
      }
      res.writeHead(reply.status, { ...reply.headers, 'x-amzn-requestid': randomUUID() });
      res.end(reply.body);
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    state,
    requests,
    unexpected,
    credentials: { accessKeyId: 'AKIAFAKERUNBOOKTEST0', secretAccessKey: 'fake-secret-access-key' },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
