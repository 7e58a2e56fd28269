import { getAccountPreferences } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { accountPreferencesDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = accountPreferencesDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['get-account-preferences']),
  (_input, { auth }) => getAccountPreferences(deps, auth.userId),
  { session: readSession },
);
