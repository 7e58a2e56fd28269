import { listExplorePages } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/explore').then((g) => g.exploreRoutes['list-explore-pages']),
  (_input, { logger }) => listExplorePages(deps(logger)),
);
