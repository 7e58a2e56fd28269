import { getVerificationInfo } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { verificationInfoDeps } from '../../wiring/charity-accounts';
import { readSession } from '../../wiring/session';

const deps = verificationInfoDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['get-verification-info'],
    ),
  (_input, { auth }) => getVerificationInfo(deps, auth.userId),
  { session: readSession },
);
