import { validateResetToken } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { validateResetTokenDeps } from '../../wiring/charity-accounts';

const deps = validateResetTokenDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['validate-reset-token'],
    ),
  (input) => validateResetToken(deps, input.token),
);
