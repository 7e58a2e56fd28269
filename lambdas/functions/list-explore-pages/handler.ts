import { listExplorePages } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreListDeps } from '../../wiring/explore';

const deps = exploreListDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/explore').then((g) => g.exploreRoutes['list-explore-pages']),
  () => listExplorePages(deps),
);
