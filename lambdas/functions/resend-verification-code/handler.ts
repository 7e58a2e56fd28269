import { resendVerificationCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler('resend-verification-code', (_input, { auth }) =>
  resendVerificationCode(deps, auth.userId, auth.email ?? ''),
);
