import { locationRoutes } from '../../../shared/src/api/route-groups/locations';
import { getLocationSettings } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { locationDeps } from '../../wiring/locations';
import { readSession } from '../../wiring/session';

const deps = locationDeps();

export const handler = apiHandler(
  locationRoutes['get-locations'],
  (_input, { auth }) => getLocationSettings(deps, auth.userId),
  { session: readSession },
);
