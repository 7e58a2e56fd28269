import type { Logger } from '@aws-lambda-powertools/logger';
import { createTable, type Table } from '../data/table';
import { type EnvRule, type EnvSchema, type EnvShape, type EnvValues, readEnv } from '../lib/env';

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

/** The start of most wiring functions: the function's environment, read and checked, and its table. */
export function readEnvAndTable<S extends EnvShape & { TABLE_NAME: EnvRule<string> }>(
  schema: EnvSchema<S>,
): { env: EnvValues<S>; table: Table } {
  const env = readEnv(schema);
  return { env, table: createTable((env as unknown as { TABLE_NAME: string }).TABLE_NAME) };
}
