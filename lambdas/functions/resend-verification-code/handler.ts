import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { resendVerificationCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { readSession } from '../../wiring/session';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler(
  charityAccountRoutes['resend-verification-code'],
  (_input, { auth }) => resendVerificationCode(deps, auth.userId, auth.email ?? ''),
  { session: readSession },
);
