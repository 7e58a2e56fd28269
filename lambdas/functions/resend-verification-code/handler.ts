import { resendVerificationCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { readSession } from '../../wiring/session';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['resend-verification-code'],
    ),
  (_input, { auth }) => resendVerificationCode(deps, auth.userId, auth.email ?? ''),
  { session: readSession },
);
