import { createMediaUpload } from '../../domain/media/uploads';
import { apiHandler } from '../../lib/api-handler';
import { mediaUploadDeps } from '../../wiring/media';
import { readSession } from '../../wiring/session';

const deps = mediaUploadDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/media').then((g) => g.mediaRoutes['create-media-upload']),
  (input, { auth }) => createMediaUpload(deps, auth.userId, input),
  { session: readSession },
);
