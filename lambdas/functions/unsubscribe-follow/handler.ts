import { unsubscribeFollow } from '../../domain/following/follow';
import { apiHandler } from '../../lib/api-handler';
import { followingDeps } from '../../wiring/following';

const deps = followingDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/following').then((g) => g.followingRoutes['unsubscribe-follow']),
  (input) => unsubscribeFollow(deps, input),
);
