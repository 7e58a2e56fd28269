import { resetPasswordWithToken } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { resetPasswordDeps } from '../../wiring/charity-accounts';
import { breachedPassword } from '../../wiring/passwords';

const deps = resetPasswordDeps(breachedPassword);

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['reset-password-with-token'],
    ),
  (input) => resetPasswordWithToken(deps, input),
);
