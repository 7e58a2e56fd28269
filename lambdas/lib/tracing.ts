import type { MiddlewareObj } from '@middy/core';

/**
 * Powertools Tracer for the handler pipelines, loaded on the first invocation and only where X-Ray is on
 * (Lambda sets `AWS_XRAY_DAEMON_ADDRESS` when the function has active tracing, which every AppFunction has).
 * The Tracer brings the X-Ray SDK: 128 KB minified, 125-150 ms to evaluate on the (busy) dev machine
 * against 5 ms for an empty module. Loading it lazily keeps it off the local cloud, the tests and every
 * function without X-Ray; where it matters for a cold start, `POWERTOOLS_TRACE_ENABLED=false` on a function
 * turns our subsegments (and the load) off while Lambda's own trace of the invocation stays.
 */
type Inner = MiddlewareObj<unknown, unknown>;
let loading: Promise<Inner | undefined> | undefined;

function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.AWS_XRAY_DAEMON_ADDRESS) && env.POWERTOOLS_TRACE_ENABLED !== 'false';
}

function load(): Promise<Inner | undefined> {
  loading ??= tracingEnabled()
    ? Promise.all([
        import('@aws-lambda-powertools/tracer'),
        import('@aws-lambda-powertools/tracer/middleware'),
      ]).then(
        ([{ Tracer }, { captureLambdaHandler }]) =>
          captureLambdaHandler(new Tracer(), { captureResponse: false }) as unknown as Inner,
      )
    : Promise.resolve(undefined);
  return loading;
}

/** Middy middleware: the handler's X-Ray subsegment with the cold-start and service annotations. */
export const tracing = <E, R>(): MiddlewareObj<E, R> => ({
  before: async (request) => {
    await (await load())?.before?.(request as never);
  },
  after: async (request) => {
    await (await load())?.after?.(request as never);
  },
  onError: async (request) => {
    await (await load())?.onError?.(request as never);
  },
});
