import type { Context } from 'aws-lambda';
import { apiHandler, type ApiEvent } from './api-handler';

const context = { awsRequestId: 'req-1', functionName: 'health', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

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
    const handler = apiHandler('health', async () => ({
      success: true as const, status: 'ok' as const, checks: { database: 'ok' as const }, time: 'now',
    }));
    const res = await handler(event(), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(String(res.body))).toMatchObject({ success: true, status: 'ok' });
  });

  it('turns an unknown query field into a 400 naming the field', async () => {
    const handler = apiHandler('health', async () => { throw new Error('must not be called'); });
    const res = await handler(event({ queryStringParameters: { foo: 'x' } }), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(String(res.body))).toEqual({ success: false, code: 'VALIDATION_FAILED', error: 'Unknown field: foo' });
  });

  it('hides internal errors behind a 500 with the generic message', async () => {
    const handler = apiHandler('health', async () => { throw new Error('secret detail'); });
    const res = await handler(event(), context);
    expect(res.statusCode).toBe(500);
    expect(String(res.body)).not.toContain('secret');
  });
});
