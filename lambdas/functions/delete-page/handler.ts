import { pageRoutes } from '../../../shared/src/api/route-groups/pages';
import { deletePage } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';

const deps = pageDeps();

export const handler = apiHandler(pageRoutes['delete-page'], (input, { auth, logger }) =>
  deletePage(deps(logger), auth.userId, input.pageId),
);
