import { changeCharityPassword } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { changePasswordDeps } from '../../wiring/charity-accounts';
import { breachedPassword } from '../../wiring/passwords';
import { readSession } from '../../wiring/session';

const deps = changePasswordDeps(breachedPassword);

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['change-charity-password'],
    ),
  (input, { auth, logger }) => {
    if (!auth.email) throw new UnauthorizedError();
    return changeCharityPassword(deps(logger), { userId: auth.userId, email: auth.email }, input);
  },
  { session: readSession },
);
