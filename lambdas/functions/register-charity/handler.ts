import { registerCharity } from '../../domain/charity-accounts/register-charity';
import { apiHandler } from '../../lib/api-handler';
import { registerCharityDeps } from '../../wiring/charity-accounts';
import { breachedPassword } from '../../wiring/passwords';

const deps = registerCharityDeps(breachedPassword);

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['register-charity'],
    ),
  (input, ctx) => registerCharity(deps(ctx.logger), input, ctx),
);
