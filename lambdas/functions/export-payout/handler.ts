import { exportPayout } from '../../domain/donations/payouts';
import { apiHandler } from '../../lib/api-handler';
import { payoutExportDeps } from '../../wiring/donation-exports';
import { readSession } from '../../wiring/session';

const deps = payoutExportDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['export-payout']),
  (input, { auth, logger }) => exportPayout(deps(logger), auth.userId, input),
  { session: readSession },
);
