import { getTwoStepStatus } from '../../domain/security/two-step';
import { apiHandler } from '../../lib/api-handler';
import { UnauthorizedError } from '../../lib/http-errors';
import { readSession } from '../../wiring/session';
import { twoStepReadDeps } from '../../wiring/two-step';

const deps = twoStepReadDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/two-step').then((g) => g.twoStepRoutes['get-two-step-status']),
  (_input, { auth }) => {
    if (!auth.email) throw new UnauthorizedError();
    return getTwoStepStatus(deps, { userId: auth.userId, email: auth.email });
  },
  { session: readSession },
);
