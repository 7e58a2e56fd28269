import { mkdirSync } from 'node:fs';
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
import { jwtClaims, type SigningKey, signJwt } from './signing-key';

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
 * cognito-local's token generator, with every token re-signed by this install's own key: cognito-local signs
 * with a key whose private half is published in its npm package, so anyone could mint tokens with it.
 */
function installKeyTokens(inner: JwtTokenGenerator, key: SigningKey): JwtTokenGenerator {
  const resign = (token: string | undefined) => (token ? signJwt(key, jwtClaims(token)) : token);
  return {
    generate: async (...args: Parameters<JwtTokenGenerator['generate']>) => {
      const tokens = await inner.generate(...args);
      return {
        AccessToken: resign(tokens.AccessToken) as string,
        IdToken: resign(tokens.IdToken) as string,
        RefreshToken: resign(tokens.RefreshToken) as string,
      };
    },
  } as unknown as JwtTokenGenerator;
}

/**
 * Runs cognito-local in this process with its data under `dir` (its own CLI only uses `./.cognito`),
 * AWS-shaped issuer, and triggers sent to our Lambda endpoint. Tokens are signed with this install's key.
 * Listens on an internal port; clients talk to the compatibility layer (`cognito-compat.ts`) in front of it.
 */
export async function startCognitoLocal(opts: {
  dir: string;
  region: string;
  lambdaPort: number;
  signingKey: SigningKey;
}) {
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
    tokenGenerator: installKeyTokens(
      new JwtTokenGenerator(clock, triggers, config.TokenConfig),
      opts.signingKey,
    ),
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
   * lacks. Returns the user's username, or null for an unknown user or token.
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
      return user.Username;
    }
    return null;
  };
  /**
   * Issues a user's tokens on a client, as the end of a sign-in does (the pre-token-generation trigger runs),
   * and keeps the refresh token: what RespondToAuthChallenge answers once the MFA code is right. Throws
   * cognito-local's error (a `code` and message) when the trigger refuses.
   */
  const issueTokens = async (clientId: string, username: string) => {
    const pool = await cognito.getUserPoolForClientId(ctx, clientId);
    const client = await cognito.getAppClient(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user || !client) return null;
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      undefined,
      'Authentication',
    );
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return tokens;
  };
  const allPools = async () =>
    Promise.all((await cognito.listUserPools(ctx)).map((p) => cognito.getUserPool(ctx, p.Id as string)));
  return {
    url: `http://127.0.0.1:${port}`,
    revoke,
    issueTokens,
    cognito,
    clock,
    stop: () =>
      new Promise<void>((resolve) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
