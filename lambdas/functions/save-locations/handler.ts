import { saveLocationSettings } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { locationDeps } from '../../wiring/locations';
import { readSession } from '../../wiring/session';

const deps = locationDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/locations').then((g) => g.locationRoutes['save-locations']),
  (input, { auth }) => saveLocationSettings(deps, auth.userId, input),
  { session: readSession },
);
