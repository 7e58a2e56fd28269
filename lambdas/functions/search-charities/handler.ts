import { searchCharities } from '../../domain/register/search-charities';
import { apiHandler } from '../../lib/api-handler';
import { searchDeps } from '../../wiring/register-search';

const deps = searchDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/register').then((g) => g.registerRoutes['search-charities']),
  (input) => searchCharities(deps, input),
);
