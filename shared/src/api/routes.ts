import type { z } from 'zod';
import type { RouteDefinition } from './route';
import { analyticsRoutes } from './route-groups/analytics';
import { causeRoutes } from './route-groups/causes';
import { charityAccountRoutes } from './route-groups/charity-accounts';
import { discoverRoutes } from './route-groups/discover';
import { donationRoutes } from './route-groups/donations';
import { donorRoutes } from './route-groups/donors';
import { exploreRoutes } from './route-groups/explore';
import { followingRoutes } from './route-groups/following';
import { givingRoutes } from './route-groups/giving';
import { locationRoutes } from './route-groups/locations';
import { mediaRoutes } from './route-groups/media';
import { pageRoutes } from './route-groups/pages';
import { postRoutes } from './route-groups/posts';
import { preferenceRoutes } from './route-groups/preferences';
import { publicPageRoutes } from './route-groups/public-pages';
import { registerRoutes } from './route-groups/register';
import { systemRoutes } from './route-groups/system';
import { twoStepRoutes } from './route-groups/two-step';

/**
 * Every route, assembled from the route groups (`route-groups/<area>.ts`). Read by the CDK API stack, the
 * local gateway and the web client. A handler imports only its own group (`apiHandler(group['<id>'], fn)`),
 * never this file, so its bundle holds only its own schemas.
 */
export const routes = {
  ...systemRoutes,
  ...registerRoutes,
  ...charityAccountRoutes,
  ...twoStepRoutes,
  ...donorRoutes,
  ...mediaRoutes,
  ...pageRoutes,
  ...exploreRoutes,
  ...preferenceRoutes,
  ...locationRoutes,
  ...publicPageRoutes,
  ...givingRoutes,
  ...donationRoutes,
  ...followingRoutes,
  ...postRoutes,
  ...discoverRoutes,
  ...analyticsRoutes,
  ...causeRoutes,
} as const;

export type { HttpMethod, RouteAuth, RouteDefinition } from './route';
export { DEFAULT_MAX_BODY_BYTES } from './route';

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type RouteRequest<Id extends RouteId> = z.input<Routes[Id]['request']>;
export type RouteResponse<Id extends RouteId> = z.output<Routes[Id]['response']>;

export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Looks a route up by id; throws for an unknown id (a programming error). */
export function getRoute(id: string): RouteDefinition {
  const found = routeList.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}
