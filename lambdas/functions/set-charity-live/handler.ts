import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { setPageLive } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { accountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = accountDeps();

export const handler = apiHandler(
  charityAccountRoutes['set-charity-live'],
  (input, { auth }) => setPageLive(deps, auth.userId, input.live),
  { session: readSession },
);
