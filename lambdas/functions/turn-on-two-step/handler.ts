import { turnOnTwoStep } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { readSession } from '../../wiring/session';
import { turnOnTwoStepDeps } from '../../wiring/two-step';

const deps = turnOnTwoStepDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/two-step').then((g) => g.twoStepRoutes['turn-on-two-step']),
  (input, { auth, logger }) => {
    if (!auth.email) throw new UnauthorizedError();
    return turnOnTwoStep(deps(logger), { userId: auth.userId, email: auth.email }, input);
  },
  { session: readSession },
);
