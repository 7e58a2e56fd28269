import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { getAccountPreferences } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { accountPreferencesDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = accountPreferencesDeps();

export const handler = apiHandler(
  preferenceRoutes['get-account-preferences'],
  (_input, { auth }) => getAccountPreferences(deps, auth.userId),
  { session: readSession },
);
