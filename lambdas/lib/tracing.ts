import type { MiddlewareObj } from '@middy/core';

/**
 * Powertools Tracer for the handler pipelines, loaded on the first invocation and only where X-Ray is on
 * (Lambda sets `AWS_XRAY_DAEMON_ADDRESS` when the function has active tracing, which every AppFunction has).
 * The Tracer brings the X-Ray SDK (about 40 ms to load on a cold start, measured with `npm run bench --
 * cold-start`): loading it lazily keeps it off the local cloud and the tests, and `POWERTOOLS_TRACE_ENABLED=false`
 * on a function turns our subsegments off (Lambda's own trace of the invocation stays).
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
