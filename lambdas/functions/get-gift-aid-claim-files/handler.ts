import { getGiftAidClaimFiles } from '../../domain/donations/gift-aid-claims';
import { apiHandler } from '../../lib/api-handler';
import { claimDeps } from '../../wiring/donation-exports';
import { readSession } from '../../wiring/session';

const deps = claimDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/donations').then((g) => g.donationRoutes['get-gift-aid-claim-files']),
  (input, { auth }) => getGiftAidClaimFiles(deps, auth.userId, input),
  { session: readSession },
);
