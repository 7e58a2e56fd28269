import { saveCharityCauses } from '../../domain/causes/charity-causes';
import { apiHandler } from '../../lib/api-handler';
import { saveCausesDeps } from '../../wiring/causes';
import { readSession } from '../../wiring/session';

const deps = saveCausesDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/causes').then((g) => g.causeRoutes['save-charity-causes']),
  (input, { auth }) => saveCharityCauses(deps, auth.userId, input.causes),
  { session: readSession },
);
