import { geocodeLocation } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { geocodeDeps } from '../../wiring/locations';
import { readSession } from '../../wiring/session';

const deps = geocodeDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/locations').then((g) => g.locationRoutes['geocode-location']),
  (input, { auth }) => geocodeLocation(deps, auth.userId, input),
  { session: readSession },
);
