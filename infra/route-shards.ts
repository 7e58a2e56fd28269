import { analyticsRoutes } from '@shared/api/route-groups/analytics';
import { causeRoutes } from '@shared/api/route-groups/causes';
import { charityAccountRoutes } from '@shared/api/route-groups/charity-accounts';
import { discoverRoutes } from '@shared/api/route-groups/discover';
import { donationRoutes } from '@shared/api/route-groups/donations';
import { donorRoutes } from '@shared/api/route-groups/donors';
import { exploreRoutes } from '@shared/api/route-groups/explore';
import { followingRoutes } from '@shared/api/route-groups/following';
import { givingRoutes } from '@shared/api/route-groups/giving';
import { locationRoutes } from '@shared/api/route-groups/locations';
import { mediaRoutes } from '@shared/api/route-groups/media';
import { pageRoutes } from '@shared/api/route-groups/pages';
import { postRoutes } from '@shared/api/route-groups/posts';
import { preferenceRoutes } from '@shared/api/route-groups/preferences';
import { publicPageRoutes } from '@shared/api/route-groups/public-pages';
import { registerRoutes } from '@shared/api/route-groups/register';
import { systemRoutes } from '@shared/api/route-groups/system';
import { twoStepRoutes } from '@shared/api/route-groups/two-step';
import type { RouteDefinition } from '@shared/api/routes';

/**
 * Routes a shard may hold. A route is about 11 resources (function, role, policy, log group, version, alias,
 * deployment group, rollback alarm, permission, route, integration), so a full shard stays near 400 of
 * CloudFormation's 500 (decision 18.10).
 */
export const ROUTES_PER_SHARD = 36;

const ids = (...groups: Readonly<Record<string, unknown>>[]) => groups.flatMap((group) => Object.keys(group));

/**
 * Which nested stack of `-Api` holds each route group, by shard name (its construct id, so its stack's
 * identity). A group never moves to another shard, and a shard is never renamed: CloudFormation would create
 * the moved routes in their new shard before deleting them from the old one, and API Gateway refuses two
 * routes with one key, so the deploy would roll back. A new group joins a shard with room, or a new shard.
 */
export const ROUTE_SHARDS: Readonly<Record<string, readonly string[]>> = {
  Accounts: ids(systemRoutes, registerRoutes, charityAccountRoutes, twoStepRoutes, donorRoutes),
  Pages: ids(mediaRoutes, pageRoutes, exploreRoutes, preferenceRoutes, locationRoutes, publicPageRoutes),
  Money: ids(givingRoutes, donationRoutes),
  // Issue 44: donors following charities' posts.
  Following: ids(followingRoutes),
  // Issue 44: charities' posts, and their analytics (room to spare: no nested stack of its own). Issue 45:
  // discovery (the listing's API and its document); a charity's own causes.
  Posts: ids(postRoutes, analyticsRoutes, discoverRoutes, causeRoutes),
};

/**
 * The routes of each shard, in manifest order. Every route must be in exactly one shard, and no shard may
 * hold more than {@link ROUTES_PER_SHARD}: synth stops otherwise, naming the route or the shard.
 */
export function shardRoutes(
  routes: readonly RouteDefinition[],
  shards: Readonly<Record<string, readonly string[]>> = ROUTE_SHARDS,
): Map<string, RouteDefinition[]> {
  const shardOf = new Map<string, string>();
  for (const [name, members] of Object.entries(shards)) {
    for (const id of members) {
      const other = shardOf.get(id);
      if (other)
        throw new Error(`Route ${id} is in two shards, ${other} and ${name} (infra/route-shards.ts).`);
      shardOf.set(id, name);
    }
  }
  const out = new Map<string, RouteDefinition[]>(Object.keys(shards).map((name) => [name, []]));
  for (const route of routes) {
    const name = shardOf.get(route.id);
    if (!name) throw new Error(`Route ${route.id} is in no shard: add its group to infra/route-shards.ts.`);
    out.get(name)?.push(route);
  }
  for (const [name, members] of out) {
    if (members.length > ROUTES_PER_SHARD)
      throw new Error(
        `Shard ${name} holds ${members.length} routes, more than ${ROUTES_PER_SHARD}: put a new group in a new shard (infra/route-shards.ts).`,
      );
    if (members.length === 0) out.delete(name);
  }
  return out;
}
