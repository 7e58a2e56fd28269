import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { deleteCharityAccount } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { deleteAccountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = deleteAccountDeps();

export const handler = apiHandler(
  charityAccountRoutes['delete-charity-account'],
  (_input, { auth }) => deleteCharityAccount(deps, auth.userId, auth.email),
  { session: readSession },
);
