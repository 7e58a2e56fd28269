import { refundDonation } from '../../domain/donations/refund';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { refundDonationDeps } from '../../wiring/refunds';
import { readSession } from '../../wiring/session';

const deps = refundDonationDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['refund-donation']),
  (input, { auth, logger }) => {
    if (!auth.email) throw new UnauthorizedError();
    return refundDonation(deps(logger), { userId: auth.userId, email: auth.email }, input);
  },
  { session: readSession },
);
