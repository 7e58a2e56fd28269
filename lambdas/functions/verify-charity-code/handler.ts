import { verifyCharityCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { readSession } from '../../wiring/session';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['verify-charity-code'],
    ),
  (input, ctx) => verifyCharityCode(deps, ctx.auth.userId, input.verificationCode, ctx),
  { session: readSession },
);
