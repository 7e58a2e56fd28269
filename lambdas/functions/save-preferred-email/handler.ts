import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { savePreferredEmail } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { preferenceDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = preferenceDeps();

export const handler = apiHandler(
  preferenceRoutes['save-preferred-email'],
  (input, { auth }) => savePreferredEmail(deps, auth.userId, input.preferred_email),
  { session: readSession },
);
