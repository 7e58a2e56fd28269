import { ErrorCode, ErrorMessage } from '@shared/api/error-codes';
import { systemRoutes } from '@shared/api/route-groups/system';
import type { Context } from 'aws-lambda';
import { type ApiEvent, apiHandler } from './api-handler';
import { AppError } from './http-errors';
import { captureMetrics } from './metrics';

const context = {
  awsRequestId: 'req-1',
  functionName: 'health',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;

function event(over: Partial<ApiEvent> = {}): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1' } },
    ...over,
  } as ApiEvent;
}

describe('apiHandler', () => {
  it('answers the route response as JSON', async () => {
    const handler = apiHandler(systemRoutes.health, async () => ({
      success: true as const,
      status: 'ok' as const,
      checks: { database: 'ok' as const },
      time: 'now',
    }));
    const res = await handler(event(), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(String(res.body))).toMatchObject({ success: true, status: 'ok' });
  });

  it('turns an unknown query field into a 400 naming the field', async () => {
    const handler = apiHandler(systemRoutes.health, async () => {
      throw new Error('must not be called');
    });
    const res = await handler(event({ queryStringParameters: { foo: 'x' } }), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(String(res.body))).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'Unknown field: foo',
    });
  });

  it('hides internal errors behind a 500 with the generic message', async () => {
    const handler = apiHandler(systemRoutes.health, async () => {
      throw new Error('secret detail');
    });
    const captured = captureMetrics();
    try {
      const res = await handler(event(), context);
      expect(res.statusCode).toBe(500);
      expect(String(res.body)).not.toContain('secret');
      // Counted by version: what a release's canary rolls back on.
      expect(captured.records).toEqual([
        { name: 'UnhandledErrors', value: 1, unit: 'Count', byVersion: true },
      ]);
    } finally {
      captured.restore();
    }
  });

  it("does not count a dependency's failure (503) as our own error", async () => {
    const handler = apiHandler(systemRoutes.health, async () => {
      throw new AppError({
        statusCode: 503,
        code: ErrorCode.ServiceUnavailable,
        message: ErrorMessage.ServiceUnavailable,
      });
    });
    const captured = captureMetrics();
    try {
      expect((await handler(event(), context)).statusCode).toBe(503);
      expect(captured.records).toEqual([]);
    } finally {
      captured.restore();
    }
  });
});

describe('request parsing', () => {
  const { readRawInput, parseInput, readAuth, errorResult } = jest.requireActual(
    './api-handler',
  ) as typeof import('./api-handler');
  const { z } = jest.requireActual('zod') as typeof import('zod');
  const postRoute = {
    id: 'sample',
    method: 'POST' as const,
    path: '/api/sample' as const,
    auth: 'public' as const,
    request: z
      .object({ email: z.string({ error: 'Email is required' }), count: z.number().int().optional() })
      .strict(),
    response: z.any(),
    maxBodyBytes: 64,
    summary: '',
  };
  const post = (
    body: string | undefined,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => event({ body, headers, requestContext: { http: { method: 'POST' } } as ApiEvent['requestContext'] });
  const failure = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      const res = errorResult(error);
      return { status: res.statusCode, body: JSON.parse(String(res.body)) };
    }
    throw new Error('expected a failure');
  };

  it('refuses malformed JSON with a 400, never a 500', () => {
    expect(failure(() => readRawInput(postRoute, post('{"email":')))).toEqual({
      status: 400,
      body: { success: false, code: 'INVALID_JSON', error: 'The request body must be valid JSON.' },
    });
  });

  it('refuses JSON that is not an object', () => {
    for (const body of ['[1,2]', 'null', '"text"', '42']) {
      expect(failure(() => readRawInput(postRoute, post(body))).status).toBe(400);
    }
  });

  it('refuses a body over the route limit with 413', () => {
    expect(
      failure(() => readRawInput(postRoute, post(JSON.stringify({ email: 'x'.repeat(100) })))).status,
    ).toBe(413);
  });

  it('refuses a non-JSON content type with 415', () => {
    expect(
      failure(() => readRawInput(postRoute, post('email=a', { 'content-type': 'text/plain' }))).status,
    ).toBe(415);
  });

  it('refuses a body-carrying request with no content type, even with no body (a cross-site simple request)', () => {
    for (const body of ['{"email":"a@b.org"}', '', undefined]) {
      expect(failure(() => readRawInput(postRoute, post(body, {}))).status).toBe(415);
    }
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/json',
    ]) {
      expect(failure(() => readRawInput(postRoute, post('{}', { 'content-type': type }))).status).toBe(415);
    }
    expect(
      readRawInput(postRoute, post('{}', { 'Content-Type': 'application/json; charset=utf-8' })),
    ).toEqual({});
  });

  it('reads a base64 body and treats an empty body as no fields', () => {
    const encoded = event({
      body: Buffer.from('{"email":"a@b.org"}').toString('base64'),
      isBase64Encoded: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(readRawInput(postRoute, encoded)).toEqual({ email: 'a@b.org' });
    expect(readRawInput(postRoute, post(''))).toEqual({});
  });

  it('reads a document its path alone, and its declared filters (documentQuery) but no other query key', () => {
    const get = (query: Record<string, string>, path?: Record<string, string>) =>
      event({ queryStringParameters: query, pathParameters: path });
    const document = { ...postRoute, method: 'GET' as const, document: true as const };
    expect(readRawInput(document, get({ utm_source: 'x' }, { id: '1' }))).toEqual({ id: '1' });
    const listing = { ...document, documentQuery: ['cause', 'page'] };
    expect(readRawInput(listing, get({ cause: 'animals', fbclid: 'y', page: '2' }))).toEqual({
      cause: 'animals',
      page: '2',
    });
  });

  it("uses the schema's own wording first, then clear fallbacks naming the field", () => {
    expect(failure(() => parseInput(postRoute.request, {})).body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'Email is required',
      field: 'email',
    });
    expect(failure(() => parseInput(postRoute.request, { email: 'a', count: 'many' })).body).toMatchObject({
      error: 'count must be a number',
      field: 'count',
    });
    expect(failure(() => parseInput(postRoute.request, { email: 'a', admin: true })).body.error).toBe(
      'Unknown field: admin',
    );
  });

  it("requires verified claims of the route's user type", () => {
    const charityRoute = { ...postRoute, auth: 'charity' as const };
    const withClaims = (claims: Record<string, string>) =>
      event({
        requestContext: {
          authorizer: { jwt: { claims, scopes: null } },
        } as unknown as ApiEvent['requestContext'],
      });
    expect(failure(() => readAuth(charityRoute, event())).status).toBe(401);
    expect(
      failure(() => readAuth(charityRoute, withClaims({ sub: 'u1', 'custom:user_type': 'donor' }))).status,
    ).toBe(403);
    expect(
      readAuth(charityRoute, withClaims({ sub: 'u1', email: 'c@x.org', 'custom:user_type': 'charity' })),
    ).toEqual({
      userId: 'u1',
      email: 'c@x.org',
      userType: 'charity',
    });
  });
});
