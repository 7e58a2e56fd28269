import * as z from 'zod';
import {
  AREA_COLOUR_VALUES,
  AREA_DESCRIPTION_MAX,
  AREA_NAME_MAX,
  GEOCODE_PURPOSES,
  GEOCODE_QUERY_MAX,
  LOCATION_ADDRESS_MAX,
  LOCATION_ID_PATTERN,
  LOCATION_NAME_MAX,
  LocationMessage,
  MAX_LOCATIONS,
  MAX_SERVICE_AREAS,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
} from '../../locations';

const Id = z
  .string({ error: LocationMessage.BadId })
  .max(100, { error: LocationMessage.BadId, abort: true })
  .regex(LOCATION_ID_PATTERN, { error: LocationMessage.BadId });

/** Non-blank after trimming, stored trimmed. */
const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const Latitude = z
  .number({ error: LocationMessage.Latitude })
  .min(-90, { error: LocationMessage.Latitude })
  .max(90, { error: LocationMessage.Latitude });
const Longitude = z
  .number({ error: LocationMessage.Longitude })
  .min(-180, { error: LocationMessage.Longitude })
  .max(180, { error: LocationMessage.Longitude });

export const Location = z
  .object({
    id: Id,
    name: requiredText(
      LocationMessage.LocationFieldsRequired,
      LocationMessage.NameTooLong,
      LOCATION_NAME_MAX,
    ),
    address: requiredText(
      LocationMessage.LocationFieldsRequired,
      LocationMessage.AddressTooLong,
      LOCATION_ADDRESS_MAX,
    ),
    latitude: Latitude,
    longitude: Longitude,
    isHeadquarters: z.boolean({ error: 'isHeadquarters must be true or false' }),
  })
  .strict();
export type Location = z.infer<typeof Location>;

export const ServiceArea = z
  .object({
    id: Id,
    name: requiredText(LocationMessage.AreaNameRequired, LocationMessage.AreaNameTooLong, AREA_NAME_MAX),
    latitude: Latitude,
    longitude: Longitude,
    radius: z
      .number({ error: LocationMessage.Radius })
      .int({ error: LocationMessage.Radius })
      .min(RADIUS_MIN_KM, { error: LocationMessage.Radius })
      .max(RADIUS_MAX_KM, { error: LocationMessage.Radius }),
    color: z
      .string({ error: LocationMessage.Colour })
      .toLowerCase()
      .pipe(z.enum(AREA_COLOUR_VALUES, { error: LocationMessage.Colour })),
    /** Optional; blank is stored as absent. */
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(AREA_DESCRIPTION_MAX, { error: LocationMessage.DescriptionTooLong })
      .transform((d) => d || undefined)
      .optional(),
  })
  .strict();
export type ServiceArea = z.infer<typeof ServiceArea>;

/** The whole settings: every rule the server holds (the page checks the same schema before saving). */
export const LocationSettings = z
  .object({
    locations: z
      .array(Location, { error: 'locations must be a list' })
      .max(MAX_LOCATIONS, { error: LocationMessage.TooManyLocations }),
    service_areas: z
      .array(ServiceArea, { error: 'service_areas must be a list' })
      .max(MAX_SERVICE_AREAS, { error: LocationMessage.TooManyAreas }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const headquarters = value.locations.filter((l) => l.isHeadquarters).length;
    if (value.locations.length > 0 && headquarters !== 1) {
      ctx.addIssue({ code: 'custom', message: LocationMessage.Headquarters, path: ['locations'] });
    }
    const seen = new Set<string>();
    for (const [list, items] of [
      ['locations', value.locations],
      ['service_areas', value.service_areas],
    ] as const) {
      for (const [index, item] of items.entries()) {
        if (seen.has(item.id)) {
          ctx.addIssue({ code: 'custom', message: LocationMessage.DuplicateId, path: [list, index, 'id'] });
        }
        seen.add(item.id);
      }
    }
  });
export type LocationSettings = z.infer<typeof LocationSettings>;

/** Saving replaces the whole settings. 20 + 20 entries at their longest come to about 25 KB. */
export const SaveLocationsRequest = LocationSettings;
export type SaveLocationsRequest = z.input<typeof SaveLocationsRequest>;

export const LocationSettingsResponse = z.object({
  success: z.literal(true),
  locations: z.array(Location),
  service_areas: z.array(ServiceArea),
  /** When the settings were last saved; null while the charity has only the default. */
  updated_at: z.string().nullable(),
});
export type LocationSettingsResponse = z.infer<typeof LocationSettingsResponse>;

export const GeocodeRequest = z
  .object({
    query: z
      .string({ error: LocationMessage.QueryRequired })
      .trim()
      .min(1, { error: LocationMessage.QueryRequired })
      .max(GEOCODE_QUERY_MAX, { error: LocationMessage.QueryTooLong }),
    /** Which message a miss gets: the map search's or the new-location address lookup's (spec section 5). */
    purpose: z.enum(GEOCODE_PURPOSES, { error: 'purpose must be one of: search, address' }).default('search'),
  })
  .strict();
export type GeocodeRequest = z.input<typeof GeocodeRequest>;

export const GeocodeResponse = z.object({
  success: z.literal(true),
  latitude: z.number(),
  longitude: z.number(),
  /** The place found, as the geocoder names it. */
  label: z.string(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;
