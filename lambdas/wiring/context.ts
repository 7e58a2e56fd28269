import type { Logger } from '@aws-lambda-powertools/logger';

/**
 * The composition rule of every handler: its dependencies come from a `wiring/<area>.ts` function, built
 * once per cold start with only the clients the route uses; what needs a logger takes the one the handler
 * pipeline gives each call (`ctx.logger`), never a second one.
 */

/** The first parameter of a domain function: the dependencies it declares. */
// biome-ignore lint/suspicious/noExplicitAny: any function's first parameter, whatever the rest
export type DepsOf<F extends (deps: any, ...rest: any[]) => unknown> = Parameters<F>[0];

/** A domain `warn` writing to the call's logger. */
export const warnTo =
  (logger: Logger) =>
  (message: string, extra: Record<string, unknown>): void =>
    logger.warn(message, extra);
