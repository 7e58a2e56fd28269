import type { RouteDefinition } from '@shared/api/route';
import type { z } from 'zod';
import { type RouteSource, routeHandler } from './api-handler';
import type { createLogger } from './logger';

export interface DocumentResult {
  statusCode: number;
  body: string;
  /** Seconds shared caches (CloudFront) may keep the answer; 0 for none. */
  cacheSeconds?: number;
  /** A redirect's target (with a 3xx `statusCode`). */
  location?: string;
}

/**
 * A route that answers a document (HTML, XML) instead of JSON, in the same pipeline as every route
 * (`routeHandler`: logger, tracing, edge check, input checks, the error contract: a failure is still the JSON
 * error body); only the answer differs.
 */
export function documentHandler<R extends RouteDefinition<z.ZodType, z.ZodType, 'public'>>(
  route: RouteSource<R>,
  contentType: string,
  fn: (
    input: z.output<R['request']>,
    ctx: { logger: ReturnType<typeof createLogger> },
  ) => Promise<DocumentResult>,
) {
  return routeHandler(route, undefined, async ({ input, logger }) => {
    const result = await fn(input as z.output<R['request']>, { logger });
    // Shared caches (CloudFront) keep it for a while; browsers check again every time.
    const cache = result.cacheSeconds ? `public, max-age=0, s-maxage=${result.cacheSeconds}` : 'no-cache';
    return {
      statusCode: result.statusCode,
      headers: {
        'content-type': contentType,
        'cache-control': cache,
        'x-content-type-options': 'nosniff',
        ...(result.location ? { location: result.location } : {}),
      },
      body: result.body,
    };
  });
}
