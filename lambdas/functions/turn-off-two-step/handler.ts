import { turnOffTwoStep } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { readSession } from '../../wiring/session';
import { turnOffTwoStepDeps } from '../../wiring/two-step';

const deps = turnOffTwoStepDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/two-step').then((g) => g.twoStepRoutes['turn-off-two-step']),
  (input, { auth, logger, sourceIp }) => {
    if (!auth.email) throw new UnauthorizedError();
    return turnOffTwoStep(deps(logger), { userId: auth.userId, email: auth.email }, input, { sourceIp });
  },
  { session: readSession },
);
