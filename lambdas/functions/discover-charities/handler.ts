import { discoverCharities } from '../../domain/discovery/discover';
import { apiHandler } from '../../lib/api-handler';
import { discoverDeps } from '../../wiring/discovery';

const deps = discoverDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/discover').then((g) => g.discoverRoutes['discover-charities']),
  (input) => discoverCharities(deps, input),
);
