import { getExplorePage } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';
import { readSession } from '../../wiring/session';

const deps = exploreDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/explore').then((g) => g.exploreRoutes['get-explore-page']),
  (_input, { auth, logger }) => getExplorePage(deps(logger), auth.userId),
  { session: readSession },
);
