import { setExploreActive } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';
import { readSession } from '../../wiring/session';

const deps = exploreDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/explore').then((g) => g.exploreRoutes['set-explore-active']),
  (input, { auth, logger }) => setExploreActive(deps(logger), auth.userId, input.active),
  { session: readSession },
);
