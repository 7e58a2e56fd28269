import { registerRoutes } from '../../../shared/src/api/route-groups/register';
import { createRegister, RegisterEnv } from '../../adapters/register/create-register';
import { getCharityDetails } from '../../domain/register/get-charity-details';
import { apiHandler } from '../../lib/api-handler';
import { readEnv } from '../../lib/env';

const deps = { register: createRegister(readEnv(RegisterEnv)) };

export const handler = apiHandler(registerRoutes['get-charity-details'], (input) =>
  getCharityDetails(deps, input),
);
