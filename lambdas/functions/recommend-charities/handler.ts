import { recommendCharities } from '../../domain/discovery/recommend';
import { apiHandler } from '../../lib/api-handler';
import { recommendDeps } from '../../wiring/discovery';

const deps = recommendDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/discover').then((g) => g.discoverRoutes['recommend-charities']),
  (input) => recommendCharities(deps, input),
);
