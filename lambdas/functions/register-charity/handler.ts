import { registerCharity } from '../../domain/charity-accounts/register-charity';
import { apiHandler } from '../../lib/api-handler';
import { registerCharityDeps } from '../../wiring/charity-accounts';

const deps = registerCharityDeps();

export const handler = apiHandler(
  () =>
    import('../../../shared/src/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['register-charity'],
    ),
  (input, ctx) => registerCharity(deps(ctx.logger), input, ctx),
);
