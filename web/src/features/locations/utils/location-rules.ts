import { ErrorCode } from '@shared/api/error-codes';
import type { Location, ServiceArea } from '@shared/api/schemas/locations';
import { LocationSettings } from '@shared/api/schemas/locations';
import {
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  LocationMessage,
  MAX_LOCATIONS,
  MAX_SERVICE_AREAS,
} from '@shared/locations';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { NoSessionError } from '@/lib/no-session';

/** An id for a new location or area: random, of the characters the server accepts. */
export function newId(prefix: 'loc' | 'area'): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return `${prefix}-${random}`;
}

/** The new-location form's problem, or null (spec section 5: name and address required). */
export function newLocationError(
  form: { name: string; address: string },
  count: number,
): { field: 'name' | 'address' | 'form'; message: string } | null {
  if (count >= MAX_LOCATIONS) return { field: 'form', message: LocationMessage.TooManyLocations };
  if (!form.name.trim()) return { field: 'name', message: LocationMessage.LocationFieldsRequired };
  if (!form.address.trim()) return { field: 'address', message: LocationMessage.LocationFieldsRequired };
  if (form.name.trim().length > LOCATION_NAME_MAX)
    return { field: 'name', message: LocationMessage.NameTooLong };
  if (form.address.trim().length > LOCATION_ADDRESS_MAX)
    return { field: 'address', message: LocationMessage.AddressTooLong };
  return null;
}

/** The new-area form's problem, or null (spec section 5: name required). */
export function newAreaError(
  form: { name: string },
  count: number,
): { field: 'name' | 'form'; message: string } | null {
  if (count >= MAX_SERVICE_AREAS) return { field: 'form', message: LocationMessage.TooManyAreas };
  if (!form.name.trim()) return { field: 'name', message: LocationMessage.AreaNameRequired };
  return null;
}

/** Adds a location; the first one is the headquarters, so the one-headquarters rule always holds. */
export function addLocation(
  locations: readonly Location[],
  location: Omit<Location, 'isHeadquarters'>,
): Location[] {
  return [...locations, { ...location, isHeadquarters: locations.length === 0 }];
}

/** Removes a location; when it was the headquarters, the first one left takes over. */
export function removeLocation(locations: readonly Location[], id: string): Location[] {
  const left = locations.filter((l) => l.id !== id);
  if (left.length && !left.some((l) => l.isHeadquarters)) {
    return left.map((l, i) => ({ ...l, isHeadquarters: i === 0 }));
  }
  return left;
}

export function makeHeadquarters(locations: readonly Location[], id: string): Location[] {
  return locations.map((l) => ({ ...l, isHeadquarters: l.id === id }));
}

/** The first rule the settings break before saving (the server's own schema), or null. */
export function settingsError(locations: readonly Location[], areas: readonly ServiceArea[]): string | null {
  const result = LocationSettings.safeParse({ locations, service_areas: areas });
  return result.success ? null : (result.error.issues[0]?.message ?? LocationMessage.SaveFailed);
}

/** What a failed save shows: the spec's message, the server's own for refused input, or the sign-in one. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof NoSessionError) return error.message;
  if (isApiError(error)) {
    if (error.status === 401) return LocationMessage.NotAuthenticated;
    if (error.status === 400 && error.code === ErrorCode.ValidationFailed) return error.message;
  }
  return LocationMessage.SaveFailed;
}

/** What a failed lookup shows: the server's words (not found, rate limit) or a network message. */
export function lookupFailureMessage(error: unknown, notFound: string): string {
  if (error instanceof NoSessionError) return error.message;
  if (isApiError(error)) {
    if (error.status === 401) return LocationMessage.NotAuthenticated;
    if (error.code === ClientErrorCode.Network) return NETWORK_ERROR_MESSAGE;
    if (error.status === 404 || error.status === 400 || error.status === 429 || error.status === 503)
      return error.message || notFound;
  }
  return notFound;
}

/** "51.50740, -0.12780": five decimals is about a metre. */
export function formatPoint(point: { latitude: number; longitude: number }): string {
  return `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;
}

/** Whether two settings differ (unsaved changes). */
export function sameSettings(
  a: { locations: readonly Location[]; areas: readonly ServiceArea[] },
  b: { locations: readonly Location[]; areas: readonly ServiceArea[] },
): boolean {
  const norm = (s: typeof a) =>
    JSON.stringify({
      l: s.locations,
      a: s.areas.map((x) => ({ ...x, description: x.description || undefined })),
    });
  return norm(a) === norm(b);
}

/** The zoom at which a circle of this radius fits in about 320 px of map (Web Mercator), from 5 to 15. */
export function zoomToFit(radiusKm: number, latitude: number): number {
  const metresPerPixelAtZoom0 = 156_543.03 * Math.cos((latitude * Math.PI) / 180);
  const zoom = Math.floor(Math.log2((metresPerPixelAtZoom0 * 320) / (2 * radiusKm * 1000)));
  return Math.min(15, Math.max(5, zoom));
}
