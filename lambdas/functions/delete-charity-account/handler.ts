import { deleteCharityAccount } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { deleteAccountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = deleteAccountDeps();

export const handler = apiHandler(
  () =>
    import('../../../shared/src/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['delete-charity-account'],
    ),
  (_input, { auth }) => deleteCharityAccount(deps, auth.userId, auth.email),
  { session: readSession },
);
