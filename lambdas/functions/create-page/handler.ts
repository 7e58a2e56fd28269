import { pageRoutes } from '../../../shared/src/api/route-groups/pages';
import { createPage } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';

const deps = pageDeps();

export const handler = apiHandler(pageRoutes['create-page'], (input, { auth, logger }) =>
  createPage(deps(logger), auth.userId, input),
);
