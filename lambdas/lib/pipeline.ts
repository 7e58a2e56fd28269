import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { RouteDefinition } from '../../shared/src/api/route';
import {
  type ApiEvent,
  type ApiResult,
  type AuthContext,
  errorResult,
  parseInput,
  type RouteCall,
  readAuth,
  readRawInput,
} from './api-handler';
import { callerKey, edgeCheck } from './edge';
import { createLogger } from './logger';
import { flushMetricsAfter } from './metrics';
import { assertSessionValid, type SessionReader } from './session-guard';
import { tracing } from './tracing';

/**
 * The middy pipeline behind `routeHandler` (`lib/api-handler.ts`), built on a function's first invocation:
 * middy and Powertools are loaded here, in a chunk of their own, not at the module load.
 */

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
  },
});

/**
 * logger -> tracing -> metrics -> edge (origin secret, `lib/edge.ts`) -> body -> auth -> zod input -> session
 * -> `answer`, with the error handler registered last (middy runs onError in reverse, so it answers first,
 * with the one error body).
 */
export function buildPipeline(
  route: RouteDefinition,
  opts: {
    session: SessionReader | undefined;
    originSecret: string | undefined;
    answer: (call: RouteCall) => Promise<ApiResult>;
  },
) {
  const logger = createLogger(route.id);
  const base = async (event: ParsedEvent, context: Context): Promise<ApiResult> => {
    if (!event.parsed) throw new Error('request middleware did not run');
    return opts.answer({
      ...event.parsed,
      route,
      logger,
      requestId: context.awsRequestId,
      sourceIp: callerKey(event, opts.originSecret),
    });
  };
  return middy<ParsedEvent, ApiResult>()
    .use(injectLambdaContext(logger))
    .use(tracing<ParsedEvent, ApiResult>())
    .use(flushMetricsAfter<ParsedEvent, ApiResult>())
    .use(edgeCheck<ParsedEvent, ApiResult>(opts.originSecret))
    .use(requestMiddleware(route, opts.session))
    .use(errorMiddleware(logger))
    .handler(base);
}
