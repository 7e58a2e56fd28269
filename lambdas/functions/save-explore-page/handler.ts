import { exploreRoutes } from '../../../shared/src/api/route-groups/explore';
import { saveExplorePage } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler(exploreRoutes['save-explore-page'], (input, { auth, logger }) =>
  saveExplorePage(deps(logger), auth.userId, input),
);
