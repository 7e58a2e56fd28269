import { listGiftAidClaims } from '../../domain/donations/gift-aid-claims';
import { apiHandler } from '../../lib/api-handler';
import { claimListDeps } from '../../wiring/donation-exports';
import { readSession } from '../../wiring/session';

const deps = claimListDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['list-gift-aid-claims']),
  (_input, { auth }) => listGiftAidClaims(deps, auth.userId),
  { session: readSession },
);
