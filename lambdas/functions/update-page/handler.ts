import { s3MediaStore } from '../../adapters/media-store';
import { updatePage } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { MediaEnv, readEnv } from '../../lib/env';
import { pageDeps } from '../../wiring/pages';
import { readSession } from '../../wiring/session';

const deps = pageDeps(s3MediaStore(readEnv(MediaEnv).MEDIA_BUCKET));

export const handler = apiHandler(
  () => import('@shared/api/route-groups/pages').then((g) => g.pageRoutes['update-page']),
  (input, { auth, logger }) => updatePage(deps(logger), auth.userId, input),
  { session: readSession },
);
