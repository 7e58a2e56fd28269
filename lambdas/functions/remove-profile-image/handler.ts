import { removeProfileImage } from '../../domain/preferences/profile-image';
import { apiHandler } from '../../lib/api-handler';
import { profileImageDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = profileImageDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['remove-profile-image']),
  (_input, { auth, logger }) => removeProfileImage(deps(logger), auth.userId),
  { session: readSession },
);
