import { getDonationStatus } from '../../domain/giving/donation-status';
import { apiHandler } from '../../lib/api-handler';
import { donationStatusDeps } from '../../wiring/giving';

const deps = donationStatusDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/giving').then((g) => g.givingRoutes['get-donation-status']),
  (input) => getDonationStatus(deps, input.donationId),
);
