import { createDonation } from '../../domain/giving/create-donation';
import { apiHandler } from '../../lib/api-handler';
import { createDonationDeps } from '../../wiring/giving';

const deps = createDonationDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/giving').then((g) => g.givingRoutes['create-donation']),
  (input, ctx) => createDonation(deps, input, ctx),
);
