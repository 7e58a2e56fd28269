import { getCharityProfile } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { accountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = accountDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['get-charity-profile'],
    ),
  (_input, { auth }) => getCharityProfile(deps, auth.userId),
  { session: readSession },
);
