import { ErrorCode } from '@shared/api/error-codes';
import type {
  GeocodeResponse,
  LocationSettings,
  LocationSettingsResponse,
} from '@shared/api/schemas/locations';
import {
  DEFAULT_LOCATIONS,
  type GeocodePurpose,
  geocodeNotFoundMessage,
  LocationMessage,
} from '@shared/locations';
import { type Geocoder, GeocoderUnavailableError } from '../../adapters/geocoder';
import type { LocationData } from '../../data/locations';
import type { RateLimits } from '../../data/rate-limits';
import type { Clock } from '../../lib/clock';
import { NotFoundError, RateLimitError, ServiceUnavailableError } from '../../lib/http-errors';

/** Address lookups per charity per 10 minutes: plenty for setting up 20 places, a ceiling for a runaway client. */
export const GEOCODE_LIMIT = { window: 600, limit: 60 } as const;

/** The caller's settings; before the first save, a 'Main Office' in London as their headquarters. */
export async function getLocationSettings(
  deps: { locations: LocationData },
  userId: string,
): Promise<LocationSettingsResponse> {
  const saved = await deps.locations.get(userId);
  if (!saved) {
    return {
      success: true,
      locations: DEFAULT_LOCATIONS.map((l) => ({ ...l })),
      service_areas: [],
      updated_at: null,
    };
  }
  return { success: true, ...saved };
}

/** Replaces the caller's settings (already checked against the shared schema: one headquarters, radius 1-50). */
export async function saveLocationSettings(
  deps: { locations: LocationData; clock: Clock },
  userId: string,
  input: LocationSettings,
): Promise<LocationSettingsResponse> {
  const record = {
    locations: input.locations,
    service_areas: input.service_areas,
    updated_at: deps.clock.now().toISOString(),
  };
  await deps.locations.put(userId, record);
  return { success: true, ...record };
}

/**
 * Finds a place for the map search or a new location's address. A miss is a 404 in the spec's words for
 * that purpose; the lookups are rate-limited per charity.
 */
export async function geocodeLocation(
  deps: { geocoder: Geocoder; rates: RateLimits; clock: Clock },
  userId: string,
  input: { query: string; purpose: GeocodePurpose },
): Promise<GeocodeResponse> {
  const allowed = await deps.rates.hit('geocode', userId, GEOCODE_LIMIT, deps.clock.now());
  if (!allowed.allowed) {
    throw new RateLimitError(LocationMessage.TooManySearches, {
      rateLimitType: 'other',
      waitTime: allowed.retryAfterSeconds,
    });
  }
  let hit: Awaited<ReturnType<Geocoder['geocode']>>;
  try {
    hit = await deps.geocoder.geocode(input.query);
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) {
      throw new ServiceUnavailableError(LocationMessage.LookupUnavailable, error);
    }
    throw error;
  }
  if (!hit) throw new NotFoundError(geocodeNotFoundMessage(input.purpose), ErrorCode.LocationNotFound);
  return { success: true, ...hit };
}
