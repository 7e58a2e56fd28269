import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { issuerDomain } from './jwks';
import { LOCAL_CREDENTIALS } from './settings';

type LambdaClient = ConstructorParameters<typeof LambdaService>[1];

/**
 * The Lambda client cognito-local calls for triggers, speaking the Lambda Invoke REST API to our endpoint
 * (`aws-sdk` v2's shape: `invoke(params).promise()`).
 */
function lambdaInvoker(endpoint: string): LambdaClient {
  return {
    invoke: (params: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        const res = await fetch(
          `${endpoint}/2015-03-31/functions/${encodeURIComponent(params.FunctionName)}/invocations`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: params.Payload,
          },
        );
        return {
          StatusCode: res.status,
          FunctionError: res.headers.get('x-amz-function-error') ?? undefined,
          Payload: await res.text(),
        };
      },
    }),
  } as unknown as LambdaClient;
}

/** Function name cognito-local invokes for the trigger; it also builds the error message from it. */
export const TRIGGER_FUNCTIONS = { PreTokenGeneration: 'PreTokenGeneration' } as const;

type Logger = Parameters<typeof createServer>[1];

/** A quiet pino-compatible logger (cognito-local logs every request at info otherwise). */
function quietLogger(): Logger {
  const noop = () => undefined;
  const logger = {
    level: 'silent',
    levels: { values: { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10 }, labels: {} },
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    isLevelEnabled: () => false,
    child: () => logger,
    bindings: () => ({}),
    flush: noop,
  };
  return logger as unknown as Logger;
}

/**
 * Runs cognito-local in this process with its data under `dir` (its own CLI only uses `./.cognito`),
 * AWS-shaped issuer, and triggers sent to our Lambda endpoint. Listens on an internal port; clients
 * talk to the compatibility layer in front of it.
 */
export async function startCognitoLocal(opts: { dir: string; region: string; lambdaPort: number }) {
  const dataDir = join(opts.dir, 'db');
  mkdirSync(dataDir, { recursive: true });
  const logger = quietLogger();
  const ctx = { logger };
  const config = {
    LambdaClient: {
      credentials: LOCAL_CREDENTIALS,
      region: opts.region,
      endpoint: `http://127.0.0.1:${opts.lambdaPort}`,
      maxRetries: 0,
    },
    TriggerFunctions: TRIGGER_FUNCTIONS,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain(opts.region) },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDir);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognito = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, lambdaInvoker(config.LambdaClient.endpoint)),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService({ sendEmail: async () => {}, sendSms: async () => {} }),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  // cognito-local's Services type is wider than what its own defaults build; ours matches those.
  const server = await createServer(
    Router(services as never),
    logger,
    config.ServerConfig,
    services as never,
  ).start();
  const port = (server.address() as AddressInfo).port;
  /**
   * Revokes refresh tokens (all of a user's, or one): what Cognito's sign-out calls do, which cognito-local
   * lacks. Returns false for an unknown user or token.
   */
  const revoke = async (target: { userPoolId: string; username: string } | { refreshToken: string }) => {
    const pools =
      'userPoolId' in target ? [await cognito.getUserPool(ctx, target.userPoolId)] : await allPools();
    for (const pool of pools) {
      const user =
        'username' in target
          ? await pool.getUserByUsername(ctx, target.username)
          : await pool.getUserByRefreshToken(ctx, target.refreshToken);
      if (!user) continue;
      const keep =
        'refreshToken' in target ? (user.RefreshTokens ?? []).filter((t) => t !== target.refreshToken) : [];
      await pool.saveUser(ctx, { ...user, RefreshTokens: keep });
      return true;
    }
    return false;
  };
  const allPools = async () =>
    Promise.all((await cognito.listUserPools(ctx)).map((p) => cognito.getUserPool(ctx, p.Id as string)));
  return {
    url: `http://127.0.0.1:${port}`,
    revoke,
    cognito,
    clock,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The compatibility layer in front of cognito-local: maps the calls Amplify v6 makes that cognito-local
 * lacks (GetTokensFromRefreshToken -> InitiateAuth REFRESH_TOKEN_AUTH; GlobalSignOut and RevokeToken
 * answered), and reports a wrong password or unknown user as real Cognito does (NotAuthorizedException).
 * Every answer carries CORS headers, since the browser calls it through the app origin or directly.
 */
export type Revoke = Awaited<ReturnType<typeof startCognitoLocal>>['revoke'];

export function createCognitoCompat(upstream: string, revoke: Revoke) {
  return async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
  ): Promise<void> {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET,POST,OPTIONS',
      'access-control-expose-headers': 'x-amzn-requestid,x-amzn-errortype,x-amz-date',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const send = (status: number, payload: unknown) => {
      res
        .writeHead(status, { ...cors, 'content-type': 'application/x-amz-json-1.1' })
        .end(JSON.stringify(payload));
    };
    let input: Record<string, unknown> = {};
    try {
      input = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      send(400, { __type: 'SerializationException', message: 'Malformed request body' });
      return;
    }

    if (op === 'AdminUserGlobalSignOut' || op === 'GlobalSignOut') {
      // GlobalSignOut names the user by an access token; cognito-local signs its tokens, so reading the
      // username from one it issued is enough here.
      const claims = op === 'GlobalSignOut' ? decodeJwt(String(input.AccessToken ?? '')) : undefined;
      const userPoolId =
        op === 'GlobalSignOut'
          ? String(claims?.iss ?? '')
              .split('/')
              .pop()
          : String(input.UserPoolId ?? '');
      const username = op === 'GlobalSignOut' ? String(claims?.username ?? '') : String(input.Username ?? '');
      const done = userPoolId && username ? await revoke({ userPoolId, username }).catch(() => false) : false;
      if (done) send(200, {});
      else if (op === 'GlobalSignOut')
        send(400, { __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
      else send(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
      return;
    }
    if (op === 'RevokeToken') {
      await revoke({ refreshToken: String(input.Token ?? '') }).catch(() => false);
      send(200, {});
      return;
    }
    let forwardTarget = target;
    let forwardBody: unknown = input;
    if (op === 'GetTokensFromRefreshToken') {
      forwardTarget = `${TARGET_PREFIX}InitiateAuth`;
      forwardBody = {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      };
    }
    const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
    if (req.method === 'POST') headers['x-amz-target'] = forwardTarget;
    const url = new URL(req.url ?? '/', upstream);
    const answer = await fetch(url, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? JSON.stringify(forwardBody) : undefined,
    });
    const text = await answer.text();
    if (answer.status >= 400 && (op === 'InitiateAuth' || op === 'AdminInitiateAuth')) {
      const parsed = safeJson(text) as { __type?: string } | undefined;
      if (parsed?.__type === 'InvalidPasswordException' || parsed?.__type === 'UserNotFoundException') {
        send(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
        return;
      }
    }
    if (op === 'GetTokensFromRefreshToken' && answer.ok) {
      // Cognito's refresh answers without a new refresh token unless rotation is on: same shape here.
      send(200, safeJson(text));
      return;
    }
    res.writeHead(answer.status, {
      ...cors,
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  };
}

function decodeJwt(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  return safeJson(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown> | undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
