import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type RouteDefinition, routeList } from '@shared/api/routes';
import type { RuntimeConfig } from '@shared/config';
import { jobs } from '@shared/jobs';
import { OSM_ATTRIBUTION, OSM_TILE_URL } from '@shared/locations';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { CURRENT_FILE } from '../../lambdas/adapters/register/extract-register';
import { buildRegisterFromExtract, writeRegisterFiles } from '../../lambdas/adapters/register/write-index';
import { cardInputOwner } from '../../lambdas/domain/discovery/card-inputs';
import { securityHeaders } from '../security-headers';
import { ensureIdentity } from './bootstrap';
import { startCognitoLocal, type TRIGGER_FUNCTIONS } from './cognito';
import { type CognitoServiceView, createCognitoCompat } from './cognito-compat';
import { createLocalMfa } from './cognito-mfa';
import { ensureTable, startDynamo, tableStreamArn } from './dynamodb';
import { type ApiHandler, createGateway, MAX_PAYLOAD_BYTES } from './gateway';
import { close, listen, readBody } from './http';
import { createLambdaEndpoint, type TriggerHandler } from './lambda-endpoint';
import { connectLocalStack } from './localstack';
import { createOrigin } from './origin';
import { queueUnrulyFrom, startQueue } from './queue';
import { startS3 } from './s3';
import { type Invoke, schedulerUnrulyFrom, startJobTimers, startScheduler } from './scheduler';
import { startSes } from './ses';
import {
  functionEnvironment,
  LOCAL_CREDENTIALS,
  LOCAL_POST_SCHEDULE_GROUP,
  type LocalSettings,
  ROOT_DIR,
  SAMPLE_EXTRACT_DIR,
} from './settings';
import { ensureSigningKey } from './signing-key';
import { ensureStripeSecrets } from './stripe/secrets';
import { startStripe } from './stripe/server';
import { startTableStream, streamUnrulyFrom } from './table-stream';

export interface RunningCloud {
  appUrl: string;
  /** The gateway without the origin in front (the execute-api endpoint): everything answers 403 there. */
  apiUrl: string;
  mailboxUrl: string;
  /** The local Stripe: its URL and this install's secret key (tests use its switches). */
  stripe: { url: string; secretKey: string };
  settings: LocalSettings;
  /** Environment our functions run with (endpoints, table, pool, clients): tests reuse it. */
  env: Record<string, string>;
  runtimeConfig: RuntimeConfig;
  firstStart: boolean;
  stop(): Promise<void>;
}

/**
 * Refuses to start when a port is taken: a stand-in left running by an earlier start (DynamoDB Local's Java
 * process, say) would otherwise answer in place of ours, with other data.
 */
async function assertPortsFree(s: LocalSettings): Promise<void> {
  const services: [keyof LocalSettings['ports'], string][] = [
    ['app', 'the app origin'],
    ['api', 'the gateway (execute-api)'],
    ['mailbox', 'the local SES mailbox'],
    ['cognito', 'Cognito'],
    ['lambda', 'the Lambda endpoint'],
    ['stripe', 'the local Stripe'],
    ['scheduler', 'the local Scheduler'],
    ...((s.localstackUrl
      ? []
      : [
          ['dynamodb', 'DynamoDB Local'],
          ['s3', 'S3 (s3rver)'],
        ]) as [keyof LocalSettings['ports'], string][]),
  ];
  for (const [name, label] of services) {
    const port = s.ports[name];
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) {
      throw Object.assign(new Error(`port ${port} (${label}) is in use`), { code: 'EADDRINUSE' });
    }
  }
}

/** Loads a module by path the same way under tsx and Node. */
async function importModule<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(path).href)) as T;
}

/** Batches of the follow-mail queue handed to its consumer at once (the event source's maximum concurrency). */
const LOCAL_FOLLOW_MAIL_WORKERS = 2;

/** Our trigger handlers, by the function name cognito-local invokes. */
const triggers: Record<keyof typeof TRIGGER_FUNCTIONS, string> = {
  PreTokenGeneration: 'pre-token-generation',
};

/**
 * Starts the whole local cloud in this process (DynamoDB Local as a Java child): stand-ins, bootstrap,
 * gateway and the one origin. Everything is stopped by `stop()`.
 */
export async function startLocalCloud(s: LocalSettings): Promise<RunningCloud> {
  mkdirSync(s.stateDir, { recursive: true });
  await assertPortsFree(s);
  const stops: (() => Promise<void>)[] = [];
  // Everything stops at once (each stand-in owns its port), so a stop takes as long as the slowest one.
  const stopAll = async () => {
    await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
  };
  try {
    const appOrigin = `http://localhost:${s.ports.app}`;
    const localstack = s.localstackUrl
      ? await connectLocalStack({ ...s, localstackUrl: s.localstackUrl }, appOrigin)
      : undefined;
    // DynamoDB Local takes seconds to boot: start it first and the rest meanwhile.
    const dynamoStarting = localstack
      ? Promise.resolve(localstack.dynamo)
      : startDynamo({ port: s.ports.dynamodb, dir: join(s.stateDir, 'dynamodb'), region: s.region });
    dynamoStarting.then((d) => stops.push(d.stop)).catch(() => undefined);

    // The Lambda endpoint runs the Cognito triggers (for cognito-local) and the scheduled jobs (by id).
    const loadFrom = (path: string) => async () =>
      (await importModule<{ handler: TriggerHandler }>(path)).handler;
    const functions: Record<string, () => Promise<TriggerHandler>> = {
      ...Object.fromEntries(
        Object.entries(triggers).map(([name, folder]) => [
          name,
          loadFrom(join(ROOT_DIR, 'lambdas', 'triggers', folder, 'handler.ts')),
        ]),
      ),
      ...Object.fromEntries(
        jobs.map((job) => [job.id, loadFrom(join(ROOT_DIR, 'lambdas', 'jobs', job.id, 'handler.ts'))]),
      ),
    };
    const lambdaServer = await listen(createLambdaEndpoint(functions), s.ports.lambda);
    stops.push(() => close(lambdaServer));

    // This install's own token signing key (generated on first start), never cognito-local's published one.
    const signingKey = ensureSigningKey(join(s.stateDir, 'cognito', 'signing-key.json'));
    const cognitoLocal = await startCognitoLocal({
      dir: join(s.stateDir, 'cognito'),
      region: s.region,
      lambdaPort: s.ports.lambda,
      signingKey,
    });
    stops.push(cognitoLocal.stop);
    // The backend header's secret, new on every start (in AWS a Secrets Manager value the user pool's firewall
    // rule compares with, see constructs/user-pool-firewall.ts).
    const cognitoBackendSecret = randomBytes(32).toString('base64url');
    const compat = createCognitoCompat({
      backendSecret: cognitoBackendSecret,
      upstream: cognitoLocal.url,
      revoke: cognitoLocal.revoke,
      issueTokens: cognitoLocal.issueTokens as never,
      // TOTP state beside cognito-local's own, kept across restarts.
      mfa: createLocalMfa({ file: join(s.stateDir, 'cognito', 'mfa.json') }),
      cognito: cognitoLocal.cognito as unknown as CognitoServiceView,
      signingKey,
      userPoolId: s.userPoolId,
      credentials: LOCAL_CREDENTIALS,
    });
    const cognitoServer = await listen(
      http.createServer(async (req, res) => {
        try {
          await compat.iam(req, res, (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0));
        } catch (error) {
          console.error('[cognito] request failed:', error);
          if (!res.headersSent) res.writeHead(500).end();
        }
      }),
      s.ports.cognito,
    );
    stops.push(() => close(cognitoServer));

    const s3 = localstack
      ? { url: localstack.s3Url }
      : await startS3({
          port: s.ports.s3,
          dir: join(s.stateDir, 's3'),
          bucket: s.mediaBucket,
          privateBuckets: [s.exportsBucket],
          appOrigin,
          quiet: s.quiet,
        });
    if ('stop' in s3) stops.push(s3.stop);
    const ses = localstack ? { url: localstack.mailboxUrl } : await startSes({ port: s.ports.mailbox });
    if ('stop' in ses) stops.push(ses.stop);

    const ids = await ensureIdentity(s, cognitoLocal, `http://127.0.0.1:${s.ports.cognito}`);
    // The origin secret, new on every start (in AWS a Secrets Manager value, see the web stack).
    const originSecret = randomBytes(32).toString('base64url');
    // The local Stripe: events go to the webhook routes through the origin, as Stripe's go through CloudFront.
    const stripeSecrets = ensureStripeSecrets(join(s.stateDir, 'stripe', 'secrets.json'));
    const stripe = await startStripe({
      port: s.ports.stripe,
      secretKey: stripeSecrets.secretKey,
      platform: { url: `${appOrigin}/api/stripe/webhook`, secret: stripeSecrets.platformWebhookSecret },
      connect: { url: `${appOrigin}/api/stripe/connect-webhook`, secret: stripeSecrets.connectWebhookSecret },
    });
    stops.push(stripe.stop);
    const env = functionEnvironment(s, ids, originSecret, cognitoBackendSecret, stripeSecrets);
    // Functions read their environment at cold start (first import), so it is set before any handler loads.
    Object.assign(process.env, env);

    // The register index: the fictional sample until `npm run register:import` installs a real extract.
    if (!existsSync(join(s.registerDir, CURRENT_FILE))) {
      await writeRegisterFiles(s.registerDir, await buildRegisterFromExtract(SAMPLE_EXTRACT_DIR));
    }

    const dynamo = await dynamoStarting;
    const firstStart = await ensureTable(dynamo.client, s.tableName);
    // The same seed function a CDK trigger runs after each deploy; idempotent, so definitions stay current.
    const seed = await importModule<{ handler: () => Promise<unknown> }>(
      join(ROOT_DIR, 'lambdas', 'deploy', 'seed-data', 'handler.ts'),
    );
    await seed.handler();

    const verifier = CognitoJwtVerifier.create({
      userPoolId: s.userPoolId,
      tokenUse: null,
      clientId: [ids.charityClientId, ids.donorClientId],
    });
    // The HTTP API's JWT authorizer trusts the pool's JWKS: here, this install's key only.
    verifier.cacheJwks({ keys: [signingKey.jwk] } as never);
    const handlers = new Map<string, Promise<ApiHandler>>();
    const loadHandler = (route: RouteDefinition) => {
      let found = handlers.get(route.id);
      if (!found) {
        found = importModule<{ handler: ApiHandler }>(
          join(ROOT_DIR, 'lambdas', 'functions', route.id, 'handler.ts'),
        ).then((m) => m.handler);
        found.catch(() => handlers.delete(route.id));
        handlers.set(route.id, found);
      }
      return found;
    };
    const runtimeConfig: RuntimeConfig = {
      environment: 'local',
      siteUrl: appOrigin,
      apiBaseUrl: '',
      mediaBaseUrl: '/media',
      region: s.region,
      userPoolId: s.userPoolId,
      charityClientId: ids.charityClientId,
      donorClientId: ids.donorClientId,
      cognitoEndpoint: '/cognito',
      // The location settings map: OpenStreetMap's standard tiles (the page still works when they cannot load).
      mapTileUrl: OSM_TILE_URL,
      mapAttribution: OSM_ATTRIBUTION,
    };
    const gateway = createGateway({ routes: routeList, loadHandler, verifier });
    const origin = await listen(
      createOrigin({
        webDir: s.webDir,
        runtimeConfig: () => runtimeConfig,
        api: gateway,
        originSecret,
        cognito: compat.public,
        media: { s3Url: s3.url, bucket: s.mediaBucket },
        // The production CSP with the local places: Cognito and media on this origin, uploads to local S3.
        securityHeaders: securityHeaders({
          cognito: [],
          media: [],
          upload: [new URL(s3.url).origin],
          tiles: [new URL(OSM_TILE_URL).origin],
        }),
      }),
      s.ports.app,
    );
    stops.push(() => close(origin));
    // The execute-api endpoint: the same gateway, reached without the origin (so without its secret).
    const direct = await listen(
      http.createServer(async (req, res) => {
        try {
          await gateway(req, res, await readBody(req, MAX_PAYLOAD_BYTES));
        } catch (error) {
          console.error('[gateway] request failed:', error);
          if (!res.headersSent) res.writeHead(500).end();
        }
      }),
      s.ports.api,
    );
    stops.push(() => close(direct));

    // The follow-mail queue (SQS + its consumer in AWS): the local SQS and its event source, same handler.
    const queue = await startQueue({
      port: s.ports.queue,
      name: 'follow-mail',
      // Two at once, as the smallest SQS event source; they share the consumer's one pacer (settings.ts).
      workers: LOCAL_FOLLOW_MAIL_WORKERS,
      unruly: queueUnrulyFrom(process.env.LOCAL_QUEUE_UNRULY),
      consumer: loadFrom(join(ROOT_DIR, 'lambdas', 'events', 'send-follow-mail', 'handler.ts')) as never,
    });
    stops.push(queue.stop);

    // The local cloud's own timer: the jobs' rules (EventBridge in AWS) and the posts' one-off schedules
    // (EventBridge Scheduler in AWS, decision 20.1), invoking the same handlers.
    const invoke: Invoke = async (name, event) => {
      const load = functions[name];
      if (!load) throw new Error(`Function not found: ${name}`);
      return (await load())(event);
    };
    const scheduler = await startScheduler({
      port: s.ports.scheduler,
      groups: [LOCAL_POST_SCHEDULE_GROUP],
      stateFile: join(s.stateDir, 'scheduler', 'schedules.json'),
      invoke,
      unruly: schedulerUnrulyFrom(process.env.LOCAL_SCHEDULER_UNRULY),
      region: s.region,
    });
    stops.push(scheduler.stop);
    stops.push(startJobTimers(jobs, s.jobIntervalSeconds, invoke));

    // The table's stream and the discovery cards' consumer (a DynamoDB event source in AWS, issue 45), with
    // the event source's filter; then every card rebuilt once, as the daily job does (state from before).
    const stream = await startTableStream({
      streamArn: await tableStreamArn(dynamo.client, s.tableName),
      endpoint: s.localstackUrl ?? `http://127.0.0.1:${s.ports.dynamodb}`,
      region: s.region,
      filter: (keys) => cardInputOwner(keys) !== null,
      consumer: loadFrom(
        join(ROOT_DIR, 'lambdas', 'events', 'refresh-discovery-card', 'handler.ts'),
      ) as never,
      unruly: streamUnrulyFrom(process.env.LOCAL_STREAM_UNRULY),
    });
    stops.push(stream.stop);
    await invoke('rebuild-discovery-cards', {}).catch((error) =>
      console.error('[jobs] rebuild-discovery-cards failed:', error),
    );

    return {
      appUrl: appOrigin,
      apiUrl: `http://127.0.0.1:${s.ports.api}`,
      mailboxUrl: ses.url,
      stripe: { url: stripe.url, secretKey: stripeSecrets.secretKey },
      settings: s,
      env,
      runtimeConfig,
      firstStart,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
