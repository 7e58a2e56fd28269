import { setCharityLive } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { accountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = accountDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['set-charity-live'],
    ),
  (input, { auth }) => setCharityLive(deps, auth.userId, input.live),
  { session: readSession },
);
