import { getCharityCauses } from '../../domain/causes/charity-causes';
import { apiHandler } from '../../lib/api-handler';
import { getCausesDeps } from '../../wiring/causes';
import { readSession } from '../../wiring/session';

const deps = getCausesDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/causes').then((g) => g.causeRoutes['get-charity-causes']),
  (_input, { auth }) => getCharityCauses(deps, auth.userId),
  { session: readSession },
);
