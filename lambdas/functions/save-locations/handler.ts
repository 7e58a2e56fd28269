import { locationRoutes } from '../../../shared/src/api/route-groups/locations';
import { locationData } from '../../data/locations';
import { createTable } from '../../data/table';
import { saveLocationSettings } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { locations: locationData(createTable(env.TABLE_NAME)), clock: systemClock };

export const handler = apiHandler(
  locationRoutes['save-locations'],
  (input, { auth }) => saveLocationSettings(deps, auth.userId, input),
  { session: readSession },
);
