import { updateDisplayName } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { preferenceDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = preferenceDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['update-display-name']),
  (input, { auth }) => updateDisplayName(deps, auth.userId, input.display_name),
  { session: readSession },
);
