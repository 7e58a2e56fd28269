import { startTwoStepSetup } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { readSession } from '../../wiring/session';
import { twoStepReadDeps } from '../../wiring/two-step';

const deps = twoStepReadDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/two-step').then((g) => g.twoStepRoutes['start-two-step-setup']),
  (input, { auth }) => {
    if (!auth.email) throw new UnauthorizedError();
    return startTwoStepSetup(deps, { userId: auth.userId, email: auth.email }, input);
  },
  { session: readSession },
);
