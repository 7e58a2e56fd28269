import { locationRoutes } from '../../../shared/src/api/route-groups/locations';
import { locationData } from '../../data/locations';
import { createTable } from '../../data/table';
import { getLocationSettings } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { locations: locationData(createTable(env.TABLE_NAME)) };

export const handler = apiHandler(
  locationRoutes['get-locations'],
  (_input, { auth }) => getLocationSettings(deps, auth.userId),
  { session: readSession },
);
