import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { RouteDefinition } from '@shared/api/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { sendJson } from './http';

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** Verifies a bearer token and returns its claims, or throws. */
export interface TokenVerifier {
  verify(token: string): Promise<Record<string, unknown>>;
}

export interface GatewayOptions {
  routes: readonly RouteDefinition[];
  loadHandler: (route: RouteDefinition) => Promise<ApiHandler>;
  verifier: TokenVerifier;
}

/** HTTP API's own payload limit. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  params: string[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(param[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), params };
}

/** HTTP API hands JWT claims to the function as strings; arrays as `[a b]`. */
function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return out;
}

function isTextual(contentType: string | undefined): boolean {
  return (
    !contentType || /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml))/i.test(contentType)
  );
}

/**
 * The local API Gateway, built from the route manifest: matches a route, verifies the Cognito JWT on
 * protected routes as the HTTP API JWT authorizer does (401 `{"message":"Unauthorized"}` otherwise),
 * turns the request into a payload v2 event and calls the same handler Lambda would run.
 */
export function createGateway(opts: GatewayOptions) {
  const compiled = opts.routes.map(compile);

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const pathMatches = compiled
      .map((c) => ({ c, m: c.pattern.exec(url.pathname) }))
      .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
    if (method === 'OPTIONS' && pathMatches.length) {
      res.writeHead(204).end();
      return;
    }
    const hit = pathMatches.find((x) => x.c.route.method === method);
    if (!hit) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    if (body === null) {
      sendJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const { route } = hit.c;

    let claims: Record<string, string> | undefined;
    if (route.auth !== 'public') {
      const header = req.headers.authorization ?? '';
      const token = header.replace(/^Bearer\s+/i, '').trim();
      try {
        if (!token) throw new Error('missing token');
        claims = stringifyClaims(await opts.verifier.verify(token));
      } catch {
        sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
        return;
      }
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined && key !== 'cookie')
        headers[key] = Array.isArray(value) ? value.join(',') : value;
    }
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const pathParameters = Object.fromEntries(
      hit.c.params.map((name, i) => [name, decodeURIComponent(hit.m[i + 1] ?? '')]),
    );
    const textual = isTextual(headers['content-type']);
    const now = new Date();
    const requestId = randomUUID();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: hit.c.params.length ? pathParameters : undefined,
      body: body.length ? body.toString(textual ? 'utf8' : 'base64') : undefined,
      isBase64Encoded: body.length > 0 && !textual,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: `${route.method} ${route.path}`,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      } as APIGatewayProxyEventV2['requestContext'],
    };
    const deadline = Date.now() + (route.timeoutSeconds ?? 10) * 1000;
    const context = {
      awsRequestId: requestId,
      functionName: route.id,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.id}`,
      memoryLimitInMB: '512',
      logGroupName: `/aws/lambda/${route.id}`,
      logStreamName: 'local',
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    } as Context;

    let result: unknown;
    try {
      const handler = await opts.loadHandler(route);
      result = await handler(event, context);
    } catch (error) {
      // Lambda itself failed (not an error answer of ours): HTTP API answers a bare 500.
      console.error(`[gateway] ${route.id} failed:`, error);
      sendJson(res, 500, { message: 'Internal Server Error' });
      return;
    }
    writeResult(res, result);
  };
}

/** Writes a handler's result as HTTP API does for payload v2 (structured result, or a bare value as JSON). */
function writeResult(res: http.ServerResponse, result: unknown) {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(structured.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  res.writeHead(structured.statusCode ?? 200, headers);
  const payload = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(payload, 'base64') : payload);
}
