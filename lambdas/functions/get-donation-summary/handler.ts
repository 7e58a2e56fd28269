import { getDonationSummary } from '../../domain/donations/list';
import { apiHandler } from '../../lib/api-handler';
import { donationSummaryDeps } from '../../wiring/donations';
import { readSession } from '../../wiring/session';

const deps = donationSummaryDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['get-donation-summary']),
  (_input, { auth }) => getDonationSummary(deps, { userId: auth.userId }),
  { session: readSession },
);
