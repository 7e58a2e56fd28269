import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import type { RouteDefinition } from '../../shared/src/api/route';
import {
  type ApiEvent,
  type ApiResult,
  errorResult,
  parseInput,
  readAuth,
  readRawInput,
} from './api-handler';
import { assertThroughEdge, originSecretFromEnv } from './edge';
import { createLogger } from './logger';

export interface DocumentResult {
  statusCode: number;
  body: string;
  /** Seconds shared caches (CloudFront) may keep the answer; 0 for none. */
  cacheSeconds?: number;
}

/**
 * The pipeline of {@link apiHandler} for routes that answer a document (HTML, XML) instead of JSON: same
 * logger, edge check, input checks and error contract (a failure is still the JSON error body), another content type.
 */
export function documentHandler<R extends RouteDefinition<z.ZodType, z.ZodType, 'public'>>(
  route: R,
  contentType: string,
  fn: (
    input: z.output<R['request']>,
    ctx: { logger: ReturnType<typeof createLogger> },
  ) => Promise<DocumentResult>,
) {
  const logger = createLogger(route.id);
  const originSecret = originSecretFromEnv();
  const base = async (event: ApiEvent, _context: Context): Promise<ApiResult> => {
    try {
      assertThroughEdge(event, originSecret);
      readAuth(route, event);
      const input = parseInput(route.request, readRawInput(route, event));
      const result = await fn(input as z.output<R['request']>, { logger });
      // Shared caches (CloudFront) keep it for a while; browsers check again every time.
      const cache = result.cacheSeconds ? `public, max-age=0, s-maxage=${result.cacheSeconds}` : 'no-cache';
      return {
        statusCode: result.statusCode,
        headers: { 'content-type': contentType, 'cache-control': cache, 'x-content-type-options': 'nosniff' },
        body: result.body,
      };
    } catch (error) {
      return errorResult(error, logger);
    }
  };
  return middy<ApiEvent, ApiResult>().use(injectLambdaContext(logger)).handler(base);
}
