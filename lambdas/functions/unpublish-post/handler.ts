import { unpublishPost } from '../../domain/updates/posts';
import { apiHandler } from '../../lib/api-handler';
import { postDeps } from '../../wiring/posts';
import { readSession } from '../../wiring/session';

const deps = postDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['unpublish-post']),
  (input, { auth, logger }) => unpublishPost(deps(logger), auth.userId, input.postId),
  { session: readSession },
);
