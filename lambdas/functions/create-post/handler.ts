import { s3MediaStore } from '../../adapters/media-store';
import { postSchedulerFromEnv } from '../../adapters/scheduler';
import { createPost } from '../../domain/updates/posts';
import { apiHandler } from '../../lib/api-handler';
import { MediaEnv, readEnv } from '../../lib/env';
import { postDeps } from '../../wiring/posts';
import { readSession } from '../../wiring/session';

const deps = postDeps(s3MediaStore(readEnv(MediaEnv).MEDIA_BUCKET), postSchedulerFromEnv());

export const handler = apiHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['create-post']),
  (input, { auth, logger }) => createPost(deps(logger), auth.userId, input),
  { session: readSession },
);
