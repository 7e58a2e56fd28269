import { donorRoutes } from '../../../shared/src/api/route-groups/donors';
import { registerDonor } from '../../domain/donors/register-donor';
import { apiHandler } from '../../lib/api-handler';
import { donorDeps } from '../../wiring/donors';

const deps = donorDeps();

export const handler = apiHandler(donorRoutes['register-donor'], (input, ctx) =>
  registerDonor(deps, input, ctx),
);
