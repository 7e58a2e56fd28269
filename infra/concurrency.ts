/**
 * The reserved-concurrency plan (docs/operating.md, "Reserved concurrency"): which functions get a reserve of
 * the account's Lambda concurrency. A reservation is a floor and a ceiling: the pre-token trigger gets its own
 * so sign-in never waits for a flood of searches; the public reads are capped so together they cannot take
 * what the signed-in routes need. Nothing is reserved unless the stage's config says so
 * (`reservedConcurrency`): a new account's quota can be 10, and Lambda refuses any reservation that leaves
 * fewer than 100 unreserved.
 */
import type { RouteDefinition } from '@shared/api/route';
import { ROUTE_THROTTLES, routeThrottle } from './constructs/api-stage';

/** The key of the Cognito pre-token-generation trigger in a reservation map (route ids are the others). */
export const PRE_TOKEN_GENERATION = 'pre-token-generation';

/** Concurrency Lambda keeps unreserved in every account (reservations may not go below it). */
export const UNRESERVED_MINIMUM = 100;

/** The plan's numbers. */
export const RESERVED_CONCURRENCY_PLAN = {
  /** Sign-in's trigger: its own floor. */
  [PRE_TOKEN_GENERATION]: 20,
  /** The finder's two routes, the busiest public reads. */
  busyPublicRead: 20,
  /** Every other public read of the manifest. */
  publicRead: 10,
} as const;

const BUSY_PUBLIC_READS = new Set(['search-charities', 'get-charity-details']);

/** A stage's `reservedConcurrency`: `"plan"`, or reservations by route id (and `pre-token-generation`). */
export type ReservedConcurrencySetting = 'plan' | Readonly<Record<string, number>>;

/**
 * The reservations of a stage, by function key (route id or {@link PRE_TOKEN_GENERATION}); empty without a
 * setting. `"plan"` reads the public reads from the manifest, so a new public read is capped too.
 */
export function reservedConcurrency(
  setting: ReservedConcurrencySetting | undefined,
  routes: readonly RouteDefinition[],
): Map<string, number> {
  if (setting === undefined) return new Map();
  if (setting === 'plan') {
    const out = new Map<string, number>([
      [PRE_TOKEN_GENERATION, RESERVED_CONCURRENCY_PLAN[PRE_TOKEN_GENERATION]],
    ]);
    for (const route of routes) {
      if (routeThrottle(route) !== ROUTE_THROTTLES.publicRead) continue;
      out.set(
        route.id,
        BUSY_PUBLIC_READS.has(route.id)
          ? RESERVED_CONCURRENCY_PLAN.busyPublicRead
          : RESERVED_CONCURRENCY_PLAN.publicRead,
      );
    }
    return out;
  }
  const known = new Set([PRE_TOKEN_GENERATION, ...routes.map((r) => r.id)]);
  for (const [key, value] of Object.entries(setting)) {
    if (!known.has(key))
      throw new Error(`reservedConcurrency: '${key}' is not a route id or ${PRE_TOKEN_GENERATION}.`);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`reservedConcurrency: '${key}' must be a whole number of at least 1.`);
  }
  return new Map(Object.entries(setting));
}

/** The total a set of reservations takes from the account. */
export const totalReserved = (reservations: ReadonlyMap<string, number>) =>
  [...reservations.values()].reduce((a, b) => a + b, 0);
