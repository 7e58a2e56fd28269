import type { Location } from './api/schemas/locations';

/**
 * Location settings (charity-area spec: "Account Preferences" > Location settings, sections 3, 5, 8, 9):
 * the charity's locations (offices, shops, venues) and the areas it serves, drawn on a map.
 */

/** Service-area radius in whole kilometres (spec section 9). */
export const RADIUS_MIN_KM = 1;
export const RADIUS_MAX_KM = 50;
export const RADIUS_DEFAULT_KM = 5;

/** Caps of ours (the spec is silent): enough for a small charity, small enough for one stored item. */
export const MAX_LOCATIONS = 20;
export const MAX_SERVICE_AREAS = 20;
export const LOCATION_NAME_MAX = 100;
export const LOCATION_ADDRESS_MAX = 200;
export const AREA_NAME_MAX = 100;
export const AREA_DESCRIPTION_MAX = 500;
export const GEOCODE_QUERY_MAX = 200;
/** Client-made ids of locations and areas. */
export const LOCATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Default map view: London at zoom 12, zoom 14 after a search (spec section 9). */
export const DEFAULT_MAP_CENTER = { latitude: 51.5074, longitude: -0.1278 } as const;
export const DEFAULT_MAP_ZOOM = 12;
export const SEARCH_MAP_ZOOM = 14;

/** Success messages vanish after this long (spec section 9). */
export const SAVE_MESSAGE_MS = 3000;

/**
 * The five service-area colours, used in turn (spec section 9: "five area colours cycle"). Each has a name,
 * so colour is never the only cue, and each is at least 4.5:1 against white and the blank map.
 */
export const AREA_COLOURS = [
  { value: '#0e5a52', name: 'Teal' },
  { value: '#a4482a', name: 'Terracotta' },
  { value: '#3d4f9f', name: 'Indigo' },
  { value: '#7a3b69', name: 'Plum' },
  { value: '#6b5a00', name: 'Olive' },
] as const;
export type AreaColour = (typeof AREA_COLOURS)[number]['value'];
export const AREA_COLOUR_VALUES = AREA_COLOURS.map((c) => c.value) as [AreaColour, ...AreaColour[]];

/** The colour a new area gets: the next in the cycle after the areas already there. */
export function nextAreaColour(existingAreas: number): AreaColour {
  const index = ((existingAreas % AREA_COLOURS.length) + AREA_COLOURS.length) % AREA_COLOURS.length;
  return (AREA_COLOURS[index] ?? AREA_COLOURS[0]).value;
}

export function areaColourName(value: string): string {
  return AREA_COLOURS.find((c) => c.value === value.toLowerCase())?.name ?? value;
}

/** The OpenStreetMap standard tile layer (operators may point the map at another tile server). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const LocationMessage = {
  /** Spec section 5. */
  LocationFieldsRequired: 'Please fill in all location fields',
  AreaNameRequired: 'Please enter a name for the service area',
  SearchNotFound: 'Could not find location. Please try a different search term.',
  AddressNotFound: 'Could not geocode address. Please check the address and try again.',
  /** Spec section 8. */
  SaveFailed: 'Failed to save location settings. Please try again.',
  NotAuthenticated: 'User not authenticated',
  /** Ours, where the spec is silent. */
  Saved: 'Location settings saved.',
  NameTooLong: `Location name must be ${LOCATION_NAME_MAX} characters or less`,
  AddressTooLong: `Address must be ${LOCATION_ADDRESS_MAX} characters or less`,
  AreaNameTooLong: `Service area name must be ${AREA_NAME_MAX} characters or less`,
  DescriptionTooLong: `Description must be ${AREA_DESCRIPTION_MAX} characters or less`,
  Radius: `Service area radius must be a whole number of kilometres from ${RADIUS_MIN_KM} to ${RADIUS_MAX_KM}`,
  Latitude: 'Latitude must be a number from -90 to 90',
  Longitude: 'Longitude must be a number from -180 to 180',
  Colour: 'Please choose one of the five area colours',
  Headquarters: 'Please choose exactly one location as your headquarters',
  TooManyLocations: `You can add up to ${MAX_LOCATIONS} locations`,
  TooManyAreas: `You can add up to ${MAX_SERVICE_AREAS} service areas`,
  BadId: 'Each location and service area needs an id of letters, digits, - or _ (at most 64)',
  DuplicateId: 'Each location and service area needs its own id',
  QueryRequired: 'Please enter a place or address to search for',
  QueryTooLong: `Searches must be ${GEOCODE_QUERY_MAX} characters or less`,
  TooManySearches: 'Too many location searches. Please wait a few minutes and try again.',
  LookupUnavailable: 'Address lookup is unavailable right now. Please try again in a moment.',
  /** The Map Error panel (spec section 8 words it for Google Maps; ours names what failed). */
  MapErrorTitle: 'Map Error',
  MapLoadFailed: 'Failed to load the map. Please check your internet connection and try again.',
  TilesUnavailable:
    'The map background could not load, so your places are drawn on a blank map. Everything else works as usual.',
} as const;

/** What an address lookup is for: the map's search box or a new location's address (spec section 5). */
export const GEOCODE_PURPOSES = ['search', 'address'] as const;
export type GeocodePurpose = (typeof GEOCODE_PURPOSES)[number];

export function geocodeNotFoundMessage(purpose: GeocodePurpose): string {
  return purpose === 'address' ? LocationMessage.AddressNotFound : LocationMessage.SearchNotFound;
}

/** What a charity sees before it has saved anything: a 'Main Office' in London, its headquarters. */
export const DEFAULT_LOCATIONS: readonly Location[] = [
  {
    id: 'main-office',
    name: 'Main Office',
    address: 'London, United Kingdom',
    latitude: DEFAULT_MAP_CENTER.latitude,
    longitude: DEFAULT_MAP_CENTER.longitude,
    isHeadquarters: true,
  },
];
