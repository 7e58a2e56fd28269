import { cleanupProfileImage } from '../../domain/preferences/profile-image';
import { apiHandler } from '../../lib/api-handler';
import { profileImageDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = profileImageDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['cleanup-profile-image']),
  (input, { auth, logger }) => cleanupProfileImage(deps(logger), auth.userId, input),
  { session: readSession },
);
