import { registerRoutes } from '../../../shared/src/api/route-groups/register';
import { searchCharities } from '../../domain/register/search-charities';
import { apiHandler } from '../../lib/api-handler';
import { searchDeps } from '../../wiring/register-search';

const deps = searchDeps();

export const handler = apiHandler(registerRoutes['search-charities'], (input) =>
  searchCharities(deps, input),
);
