import { listFollows } from '../../domain/following/follow';
import { apiHandler } from '../../lib/api-handler';
import { followingDeps } from '../../wiring/following';

const deps = followingDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/following').then((g) => g.followingRoutes['list-follows']),
  (input) => listFollows(deps, input),
);
