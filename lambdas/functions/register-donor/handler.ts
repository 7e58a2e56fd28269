import { registerDonor } from '../../domain/donors/register-donor';
import { apiHandler } from '../../lib/api-handler';
import { donorDeps } from '../../wiring/donors';

const deps = donorDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donors').then((g) => g.donorRoutes['register-donor']),
  (input, ctx) => registerDonor(deps, input, ctx),
);
