import { registerRoutes } from '../../../shared/src/api/route-groups/register';
import { createRegister, RegisterEnv } from '../../adapters/register/create-register';
import { registrationMarkers } from '../../data/registration-markers';
import { createTable } from '../../data/table';
import { searchCharities } from '../../domain/register/search-charities';
import { apiHandler } from '../../lib/api-handler';
import { readEnv, SearchEnv } from '../../lib/env';

const env = readEnv(SearchEnv);
const deps = {
  register: createRegister(readEnv(RegisterEnv)),
  markers: registrationMarkers(createTable(env.TABLE_NAME), {
    refreshMs: env.ON_PLATFORM_REFRESH_SECONDS * 1000,
  }),
};

export const handler = apiHandler(registerRoutes['search-charities'], (input) =>
  searchCharities(deps, input),
);
