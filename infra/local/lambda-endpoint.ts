import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readBody, sendJson } from './http';

export type TriggerHandler = (event: unknown) => Promise<unknown>;

/**
 * A Lambda endpoint speaking the Invoke REST API (`POST /2015-03-31/functions/<name>/invocations`) that
 * runs our real Cognito trigger handlers. A thrown error is reported as Lambda reports it: 200 with
 * `X-Amz-Function-Error: Unhandled` and `{ errorMessage, errorType }`.
 */
export function createLambdaEndpoint(functions: Record<string, () => Promise<TriggerHandler>>) {
  return http.createServer(async (req, res) => {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      sendJson(res, 404, { Type: 'User', message: 'Unknown operation' });
      return;
    }
    const name = decodeURIComponent(match[1] ?? '');
    const load = functions[name];
    if (!load) {
      sendJson(
        res,
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        {
          'x-amzn-errortype': 'ResourceNotFoundException',
        },
      );
      return;
    }
    const body = (await readBody(req, 6 * 1024 * 1024)) ?? Buffer.alloc(0);
    const requestId = randomUUID();
    try {
      const handler = await load();
      const event = body.length ? JSON.parse(body.toString('utf8')) : {};
      const result = await handler(event);
      sendJson(res, 200, result ?? null, {
        'x-amz-executed-version': '$LATEST',
        'x-amzn-requestid': requestId,
      });
    } catch (error) {
      const err = error as Error;
      sendJson(
        res,
        200,
        { errorMessage: err?.message ?? String(error), errorType: err?.name ?? 'Error' },
        { 'x-amz-function-error': 'Unhandled', 'x-amzn-requestid': requestId },
      );
    }
  });
}
