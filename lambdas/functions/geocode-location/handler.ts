import { locationRoutes } from '../../../shared/src/api/route-groups/locations';
import { createGeocoder, GeocoderEnv } from '../../adapters/geocoder';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { geocodeLocation } from '../../domain/locations/location-settings';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv.extend(GeocoderEnv.shape));
const deps = {
  geocoder: createGeocoder(env),
  rates: rateLimits(createTable(env.TABLE_NAME)),
  clock: systemClock,
};

export const handler = apiHandler(
  locationRoutes['geocode-location'],
  (input, { auth }) => geocodeLocation(deps, auth.userId, input),
  { session: readSession },
);
