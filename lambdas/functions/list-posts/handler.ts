import { listPosts } from '../../domain/updates/posts';
import { apiHandler } from '../../lib/api-handler';
import { postDeps } from '../../wiring/posts';
import { readSession } from '../../wiring/session';

const deps = postDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['list-posts']),
  (input, { auth, logger }) => listPosts(deps(logger), auth.userId, input),
  { session: readSession },
);
