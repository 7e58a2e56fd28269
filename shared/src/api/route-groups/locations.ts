import { defineRoutes } from '../route';
import { EmptyRequest } from '../schemas/common';
import {
  GeocodeRequest,
  GeocodeResponse,
  LocationSettingsResponse,
  SaveLocationsRequest,
} from '../schemas/locations';

/** Location settings (issue 10): the charity's locations and service areas, and address lookup. */
export const locationRoutes = defineRoutes({
  'get-locations': {
    method: 'GET',
    path: '/api/me/locations',
    auth: 'charity',
    request: EmptyRequest,
    response: LocationSettingsResponse,
    summary: "The caller's locations and service areas; a London 'Main Office' until the first save.",
  },
  'save-locations': {
    method: 'PUT',
    path: '/api/me/locations',
    auth: 'charity',
    request: SaveLocationsRequest,
    response: LocationSettingsResponse,
    maxBodyBytes: 64 * 1024,
    summary: 'Replaces the caller’s locations (one headquarters) and service areas (radius 1-50 km).',
  },
  'geocode-location': {
    method: 'POST',
    path: '/api/me/geocode',
    auth: 'charity',
    request: GeocodeRequest,
    response: GeocodeResponse,
    summary: 'Finds a place or address (map search, new-location address); rate-limited per charity.',
  },
});
