import { pageRoutes } from '../../../shared/src/api/route-groups/pages';
import { updatePage } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';

const deps = pageDeps();

export const handler = apiHandler(pageRoutes['update-page'], (input, { auth, logger }) =>
  updatePage(deps(logger), auth.userId, input),
);
