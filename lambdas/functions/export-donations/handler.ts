import { exportDonations } from '../../domain/donations/exports';
import { apiHandler } from '../../lib/api-handler';
import { exportDeps } from '../../wiring/donation-exports';
import { readSession } from '../../wiring/session';

const deps = exportDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['export-donations']),
  (input, { auth }) => exportDonations(deps, auth.userId, input),
  { session: readSession },
);
