import { listPages } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';
import { readSession } from '../../wiring/session';

const deps = pageDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/pages').then((g) => g.pageRoutes['list-pages']),
  (_input, { auth, logger }) => listPages(deps(logger), auth.userId),
  { session: readSession },
);
