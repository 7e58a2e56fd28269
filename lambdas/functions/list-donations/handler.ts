import { listDonations } from '../../domain/donations/list';
import { apiHandler } from '../../lib/api-handler';
import { listDonationsDeps } from '../../wiring/donations';
import { readSession } from '../../wiring/session';

const deps = listDonationsDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['list-donations']),
  (input, { auth }) => listDonations(deps, { userId: auth.userId }, input),
  { session: readSession },
);
