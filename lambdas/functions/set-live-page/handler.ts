import { setLivePage } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';
import { readSession } from '../../wiring/session';

const deps = pageDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/pages').then((g) => g.pageRoutes['set-live-page']),
  (input, { auth, logger }) => setLivePage(deps(logger), auth.userId, input.pageId),
  { session: readSession },
);
