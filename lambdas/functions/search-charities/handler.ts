import { registerRoutes } from '../../../shared/src/api/route-groups/register';
import { createRegister, RegisterEnv } from '../../adapters/register/create-register';
import { registrationMarkers } from '../../data/registration-markers';
import { createTable } from '../../data/table';
import { searchCharities } from '../../domain/register/search-charities';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';

const env = readEnv(BaseEnv);
const deps = {
  register: createRegister(readEnv(RegisterEnv)),
  markers: registrationMarkers(createTable(env.TABLE_NAME)),
};

export const handler = apiHandler(registerRoutes['search-charities'], (input) =>
  searchCharities(deps, input),
);
