import { createGeocoder, GeocoderEnv } from '../adapters/geocoder';
import { locationData } from '../data/locations';
import { rateLimits } from '../data/rate-limits';
import { createTable } from '../data/table';
import type { geocodeLocation, saveLocationSettings } from '../domain/locations/location-settings';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import type { DepsOf } from './compose';

/** get-locations and save-locations. */
export function locationDeps(): DepsOf<typeof saveLocationSettings> {
  return { locations: locationData(createTable(readEnv(BaseEnv).TABLE_NAME)), clock: systemClock };
}

export function geocodeDeps(): DepsOf<typeof geocodeLocation> {
  const env = readEnv(BaseEnv.extend(GeocoderEnv.shape));
  return {
    geocoder: createGeocoder(env),
    rates: rateLimits(createTable(env.TABLE_NAME)),
    clock: systemClock,
  };
}
