import { s3MediaStore } from '../../adapters/media-store';
import { saveExplorePage } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { MediaEnv, readEnv } from '../../lib/env';
import { exploreDeps } from '../../wiring/explore';
import { readSession } from '../../wiring/session';

const deps = exploreDeps(s3MediaStore(readEnv(MediaEnv).MEDIA_BUCKET));

export const handler = apiHandler(
  () => import('@shared/api/route-groups/explore').then((g) => g.exploreRoutes['save-explore-page']),
  (input, { auth, logger }) => saveExplorePage(deps(logger), auth.userId, input),
  { session: readSession },
);
