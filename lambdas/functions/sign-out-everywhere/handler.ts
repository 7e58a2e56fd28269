import { signOutEverywhere } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { signOutDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = signOutDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['sign-out-everywhere'],
    ),
  // Cognito knows the user by email (the ID token's claim); the sub names the same user where it is absent.
  (_input, { auth }) => signOutEverywhere(deps, { userId: auth.userId, username: auth.email ?? auth.userId }),
  { session: readSession },
);
