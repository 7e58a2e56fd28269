import type { Logger } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj } from '@middy/core';
import { type ErrorBody, ErrorCode, ErrorMessage } from '@shared/api/error-codes';
import { DEFAULT_MAX_BODY_BYTES, type RouteDefinition } from '@shared/api/route';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { callerKey, edgeCheck, originSecretFromEnv, siteOriginFromEnv } from './edge';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from './http-errors';
import { flushMetricsAfter, recordByVersion } from './metrics';
import { assertSessionValid, type SessionReader } from './session-guard';
import { fieldOf, friendlyIssueMessage } from './validation';

export type ApiEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Who is calling, from the verified ID token's claims. */
export interface AuthContext {
  userId: string;
  email: string | undefined;
  userType: string | undefined;
  /** The token's `iat` (epoch seconds); HTTP API passes claims as strings. */
  issuedAt?: number;
}

export interface HandlerContext<Auth> {
  auth: Auth;
  logger: Logger;
  requestId: string;
  /**
   * The caller's address as per-address rate limits key it (`lib/edge.ts`): CloudFront's viewer address
   * when the request came through the edge, else API Gateway's source IP; an IPv6 address by its /64.
   */
  sourceIp: string | undefined;
}

type AuthOf<R extends RouteDefinition> = R['auth'] extends 'public' ? AuthContext | null : AuthContext;
type InputOf<R extends RouteDefinition> = z.output<R['request']>;
type OutputOf<R extends RouteDefinition> = z.output<R['response']>;

/**
 * A charity route must say how the caller's session is read (`{ session: readSession }` from
 * `lib/session-guard`); public routes take nothing, so their bundles carry no database client for it.
 */
type SessionOption<R extends RouteDefinition> = R['auth'] extends 'charity'
  ? [opts: { session: SessionReader }]
  : [opts?: Record<string, never>];

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export function json(statusCode: number, body: unknown): ApiResult {
  return { statusCode, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

/** Renders any error as the one error body. 5xx never carries internal details. */
export function errorResult(error: unknown, logger?: Logger): ApiResult {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      success: false,
      error: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      ...error.flags,
    };
    if (error.statusCode >= 500) logger?.error('dependency failure', { code: error.code, error });
    return json(error.statusCode, body);
  }
  logger?.error('unhandled error', { error: error as Error });
  return json(500, {
    success: false,
    error: ErrorMessage.Internal,
    code: ErrorCode.Internal,
  } satisfies ErrorBody);
}

function header(event: ApiEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/**
 * Reads the raw input: the JSON body for body-carrying methods, the query string otherwise. A document
 * (`route.document`: the pages crawlers and shared links open) reads its path alone (and its `documentQuery` keys,
 * its filters), so `?utm_source=…` or `?fbclid=…` on a shared link answers the page, and the answer depends only
 * on what CloudFront keys its cache on.
 */
export function readRawInput(route: RouteDefinition, event: ApiEvent): Record<string, unknown> {
  const params = { ...(event.pathParameters ?? {}) };
  if (route.method === 'GET' || route.method === 'DELETE') {
    if (!route.document) return { ...(event.queryStringParameters ?? {}), ...params };
    // A document with filters reads those keys alone (the keys CloudFront caches it by).
    const query = event.queryStringParameters ?? {};
    const keys = route.documentQuery ?? [];
    return {
      ...Object.fromEntries(keys.filter((k) => query[k] !== undefined).map((k) => [k, query[k]])),
      ...params,
    };
  }
  // A mail provider's one-click unsubscribe posts a form; the token is in the URL, the body says nothing more.
  if (route.oneClickPost) return { ...(event.queryStringParameters ?? {}), ...params };
  // A body-carrying request must say it is JSON: a form, text/plain or no type at all is what another site's
  // page can send without asking the browser first (a CORS "simple" request), so none is accepted.
  const contentType = header(event, 'content-type');
  if (!contentType || !/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new AppError({
      statusCode: 415,
      code: ErrorCode.UnsupportedMediaType,
      message: ErrorMessage.UnsupportedMediaType,
    });
  }
  const raw = event.body ?? '';
  const limit = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const size = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw, 'utf8');
  if (size > limit) {
    throw new AppError({
      statusCode: 413,
      code: ErrorCode.PayloadTooLarge,
      message: ErrorMessage.PayloadTooLarge,
    });
  }
  if (route.signedBodyHeader) {
    const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    return { body: bytes.toString('base64'), signature: header(event, route.signedBodyHeader) };
  }
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (text.trim() === '') return { ...params };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError(ErrorMessage.InvalidJson, undefined, ErrorCode.InvalidJson);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(ErrorMessage.NotAnObject, undefined, ErrorCode.InvalidJson);
  }
  return { ...(body as Record<string, unknown>), ...params };
}

/** Validates input against the manifest schema; the first problem becomes the message, its path the field. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw, { error: friendlyIssueMessage });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(
    issue?.message ?? ErrorMessage.InvalidInput,
    issue ? fieldOf(issue.path) : undefined,
  );
}

/** Reads the claims the JWT authorizer verified and checks the caller's kind against the route's. */
export function readAuth(route: RouteDefinition, event: ApiEvent): AuthContext | null {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } })
    .authorizer?.jwt?.claims;
  const sub = typeof claims?.sub === 'string' ? claims.sub : undefined;
  const auth: AuthContext | null = sub
    ? {
        userId: sub,
        email: typeof claims?.email === 'string' ? claims.email : undefined,
        userType: typeof claims?.['custom:user_type'] === 'string' ? claims['custom:user_type'] : undefined,
        issuedAt: Number.isFinite(Number(claims?.iat)) ? Number(claims?.iat) : undefined,
      }
    : null;
  if (route.auth === 'public') return auth;
  if (!auth) throw new UnauthorizedError();
  if (auth.userType !== route.auth) throw new ForbiddenError();
  return auth;
}

/** A route's definition, or a loader of it: `() => import('<route group>').then((g) => g.<routes>[id])`. */
export type RouteSource<R extends RouteDefinition = RouteDefinition> = R | (() => Promise<R>);

/** What a route's answer step receives: the verified caller, parsed input and the request's facts. */
export interface RouteCall {
  /** The route's definition (loaded, when the handler was given a loader). */
  route: RouteDefinition;
  auth: AuthContext | null;
  input: unknown;
  logger: Logger;
  requestId: string;
  sourceIp: string | undefined;
}

type Pipeline = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** The event after the request middleware: parsed input and verified caller attached, as middy's own parsers do. */
type ParsedEvent = ApiEvent & { parsed?: { input: unknown; auth: AuthContext | null } };

const requestMiddleware = (
  route: RouteDefinition,
  session: SessionReader | undefined,
): MiddlewareObj<ParsedEvent, ApiResult> => ({
  before: async (request) => {
    const auth = readAuth(route, request.event);
    const input = parseInput(route.request, readRawInput(route, request.event));
    // A charity's token counts only while its account exists and was issued after its cut-off.
    if (route.auth === 'charity' && auth && session)
      await assertSessionValid(session, auth.userId, auth.issuedAt);
    request.event.parsed = { auth, input };
  },
});

const errorMiddleware = (logger: Logger): MiddlewareObj<ParsedEvent, ApiResult> => ({
  onError: (request) => {
    request.response = errorResult(request.error, logger);
    // What a release's canary rolls back on (infra/stacks/route-shard.ts): our own failures, not a dependency's.
    if (request.response.statusCode === 500) recordByVersion('UnhandledErrors');
  },
});

/**
 * The one pipeline of every API route: logger -> tracing -> metrics -> edge (origin secret, `lib/edge.ts`) ->
 * body -> auth -> zod input -> session -> `answer`, with the error handler registered last (middy runs onError
 * in reverse, so it answers first, with the one error body). {@link apiHandler} answers JSON checked against
 * the route's response schema; `documentHandler` answers HTML or XML.
 *
 * Cold starts: middy and Powertools Logger (`lib/pipeline.ts`) and, when `route` is a loader, the route's zod
 * schemas are loaded and built on the first invocation, in chunks of their own (code splitting,
 * `infra/constructs/function-bundling.ts`); the module load does only what the route's own wiring does.
 */
export function routeHandler(
  route: RouteSource,
  session: SessionReader | undefined,
  answer: (call: RouteCall) => Promise<ApiResult>,
): Pipeline {
  // Read at cold start, like the rest of the environment.
  const originSecret = originSecretFromEnv();
  const siteOrigin = siteOriginFromEnv();
  let pipeline: Promise<Pipeline> | undefined;
  const build = async (): Promise<Pipeline> => {
    const [definition, { buildPipeline }] = await Promise.all([
      typeof route === 'function' ? route() : route,
      import('./pipeline'),
    ]);
    if (definition.auth === 'charity' && !session)
      throw new Error(`${definition.id}: a charity route needs a session reader`);
    return buildPipeline<ParsedEvent, ApiResult>(definition.id, {
      middlewares: [
        flushMetricsAfter(),
        edgeCheck(originSecret, siteOrigin),
        requestMiddleware(definition, session),
      ],
      onError: errorMiddleware,
      base: async (event, context, logger) => {
        if (!event.parsed) throw new Error('request middleware did not run');
        return answer({
          ...event.parsed,
          route: definition,
          logger,
          requestId: context.awsRequestId,
          sourceIp: callerKey(event, originSecret),
        });
      },
    });
  };
  return async (event, context) => {
    pipeline ??= build().catch((error) => {
      pipeline = undefined;
      throw error;
    });
    return (await pipeline)(event, context);
  };
}

/**
 * A JSON route: the route's logic in {@link routeHandler}'s pipeline, its result checked against the route's
 * response schema. It takes the route's definition from its route group, never the whole manifest, so a
 * function's bundle holds only its own group's schemas; given as a loader
 * (`apiHandler(() => import('<group>').then((g) => g.registerRoutes['search-charities']), fn)`), the schemas
 * are built on the first request instead of at the module load.
 */
export function apiHandler<R extends RouteDefinition>(
  route: RouteSource<R>,
  fn: (input: InputOf<R>, ctx: HandlerContext<AuthOf<R>>) => Promise<OutputOf<R>>,
  ...[opts]: SessionOption<R>
) {
  const session = (opts as { session?: SessionReader } | undefined)?.session;
  return routeHandler(route, session, async ({ input, auth, route: definition, ...ctx }) => {
    const result = await fn(input as InputOf<R>, { ...ctx, auth: auth as AuthOf<R> });
    const checked = definition.response.safeParse(result);
    if (!checked.success) {
      ctx.logger.error('response does not match the manifest', { issues: checked.error.issues });
      throw new Error(`Response of ${definition.id} does not match its schema`);
    }
    return json(200, checked.data);
  });
}
