import { listPayouts } from '../../domain/donations/payouts';
import { apiHandler } from '../../lib/api-handler';
import { payoutListDeps } from '../../wiring/donation-exports';
import { readSession } from '../../wiring/session';

const deps = payoutListDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['list-payouts']),
  (_input, { auth }) => listPayouts(deps, auth.userId),
  { session: readSession },
);
