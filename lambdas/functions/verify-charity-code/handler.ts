import { verifyCharityCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { verificationDeps } from '../../wiring/verification';

const deps = verificationDeps();

export const handler = apiHandler('verify-charity-code', (input, { auth }) =>
  verifyCharityCode(deps, auth.userId, input.verificationCode),
);
