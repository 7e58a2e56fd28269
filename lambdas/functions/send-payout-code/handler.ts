import { sendPayoutCode } from '../../domain/preferences/payout-guard';
import { requireTwoStepSession } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { sendPayoutCodeDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';
import { twoStepGuardDeps } from '../../wiring/two-step';

const deps = sendPayoutCodeDeps();
const guard = twoStepGuardDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['send-payout-code']),
  async (_input, { auth }) => {
    // Only a session signed in with two-step sign-in may have codes sent to the register's inbox.
    await requireTwoStepSession(guard, auth, 'payments');
    return sendPayoutCode(deps, auth.userId);
  },
  { session: readSession },
);
