import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { createLogger } from './logger';
import { tracing } from './tracing';

/**
 * The middy chain behind `routeHandler` (`lib/api-handler.ts`), built on a function's first invocation:
 * middy and Powertools Logger load here, in a chunk of their own, not at the module load. The route's own
 * middlewares come from `api-handler.ts` (the same module instances as the handler's domain code, so its
 * errors and metrics are the ones the pipeline recognises and flushes).
 */
export function buildPipeline<E, R>(
  routeId: string,
  steps: {
    /** After logger and tracing, in order. */
    middlewares: ReadonlyArray<MiddlewareObj<E, R>>;
    /** Registered last: middy runs onError in reverse, so it answers first, with the one error body. */
    onError: (logger: Logger) => MiddlewareObj<E, R>;
    base: (event: E, context: Context, logger: Logger) => Promise<R>;
  },
) {
  const logger = createLogger(routeId);
  let chain = middy<E, R>()
    .use(injectLambdaContext(logger) as MiddlewareObj<E, R>)
    .use(tracing<E, R>());
  for (const middleware of steps.middlewares) chain = chain.use(middleware);
  return chain.use(steps.onError(logger)).handler((event, context) => steps.base(event, context, logger));
}
