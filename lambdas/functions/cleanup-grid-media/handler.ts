import { exploreRoutes } from '../../../shared/src/api/route-groups/explore';
import { cleanupGridMedia } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler(exploreRoutes['cleanup-grid-media'], (input, { auth, logger }) =>
  cleanupGridMedia(deps(logger), auth.userId, input),
);
