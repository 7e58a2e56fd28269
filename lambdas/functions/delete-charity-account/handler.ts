import { deleteCharityAccount } from '../../domain/charity-accounts/account';
import { requireTwoStepSession } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { deleteAccountDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';
import { twoStepGuardDeps } from '../../wiring/two-step';

const deps = deleteAccountDeps();
const guard = twoStepGuardDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['delete-charity-account'],
    ),
  (_input, { auth }) =>
    deleteCharityAccount(
      { ...deps, requireTwoStep: () => requireTwoStepSession(guard, auth, 'deletion') },
      auth.userId,
      auth.email,
    ),
  { session: readSession },
);
