import { verifyCharityCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { readSession } from '../../wiring/session';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler(
  () =>
    import('../../../shared/src/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['verify-charity-code'],
    ),
  (input, { auth }) => verifyCharityCode(deps, auth.userId, input.verificationCode),
  { session: readSession },
);
