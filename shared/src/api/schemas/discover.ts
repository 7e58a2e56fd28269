import * as z from 'zod';
import { causeBySlug } from '../../causes';
import { DISCOVER_MAX_PAGE, DiscoverMessage, PLACE_MAX, SIZE_BANDS } from '../../discover';
import { RECOMMEND_WAYS, RecommendMessage } from '../../recommend';

const sizeSlugs = SIZE_BANDS.map((b) => b.slug) as [string, ...string[]];

/**
 * `GET /api/discover?cause=&place=&size=&page=` (and `/charities?…`, its server-rendered page): every filter
 * optional; an empty value is no filter, as a form sends it.
 */
export const DiscoverRequest = z
  .object({
    cause: z
      .string()
      .max(64, { error: DiscoverMessage.UnknownCause })
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || causeBySlug(v) !== undefined, {
        error: DiscoverMessage.UnknownCause,
      }),
    place: z
      .string()
      .optional()
      .transform((v) => v?.replace(/\s+/g, ' ').trim() || undefined)
      .refine((v) => v === undefined || v.length <= PLACE_MAX, { error: DiscoverMessage.PlaceTooLong }),
    size: z
      .string()
      .max(16, { error: DiscoverMessage.UnknownSize })
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || sizeSlugs.includes(v), { error: DiscoverMessage.UnknownSize }),
    page: z
      .string()
      .max(4, { error: DiscoverMessage.BadPage })
      .optional()
      .transform((v) => (v?.trim() ? Number(v) : 1))
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= DISCOVER_MAX_PAGE, {
        error: DiscoverMessage.BadPage,
      }),
  })
  .strict();
export type DiscoverRequest = z.input<typeof DiscoverRequest>;

/**
 * The `/charities` document's query as it arrives (its four keys, any text): the document reads it with
 * {@link DiscoverRequest} itself, so a bad filter (an edited link) answers 400 with the page and its message, not
 * the API's JSON error.
 */
export const DiscoverPageRequest = z
  .object({
    cause: z.string().max(200).optional(),
    place: z.string().max(200).optional(),
    size: z.string().max(200).optional(),
    page: z.string().max(200).optional(),
  })
  .strict();
export type DiscoverPageRequest = z.input<typeof DiscoverPageRequest>;

/** A live charity as a card of the listing: its own words, escaped where they are shown. */
export const DiscoverCharity = z.object({
  registration_number: z.string(),
  display_name: z.string(),
  registered_name: z.string(),
  mission: z.string(),
  /** Absolute URL of its profile image (or its explore grid picture), or null. */
  image_url: z.string().nullable(),
  causes: z.array(z.object({ slug: z.string(), label: z.string() })),
  /** Names of the places it serves (its service areas), at most 3. */
  areas: z.array(z.string()),
  /** The register's size band label, or null. */
  size: z.string().nullable(),
  /** With a place: metres from the place to the centre of its nearest area that covers it. */
  distance_m: z.number().int().nullable(),
  /** Its service areas' centres and radii (the map view). */
  circles: z.array(z.object({ lat: z.number(), lng: z.number(), radius_km: z.number() })),
});
export type DiscoverCharity = z.infer<typeof DiscoverCharity>;

const Filters = z.object({
  cause: z.string().nullable(),
  place: z.string().nullable(),
  size: z.string().nullable(),
});

export const DiscoverResponse = z.object({
  success: z.literal(true),
  filters: Filters,
  /** Where the place was found (shown back: "Near Camden, London"), or null. */
  place_label: z.string().nullable(),
  /** The place's point (the map's centre), or null. */
  place_point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  charities: z.array(DiscoverCharity),
  /** Why nothing matched, and the nearest wider search that finds some (null when none does). */
  empty: z
    .object({
      message: z.string(),
      wider: z.object({ label: z.string(), path: z.string(), total: z.number().int() }).nullable(),
    })
    .nullable(),
});
export type DiscoverResponse = z.infer<typeof DiscoverResponse>;

/**
 * `GET /api/discover/recommend?cause=&place=&way=once|follow` ("Get a recommendation", issue 45): each answer
 * optional (an empty cause or place is any; no way is a one-off gift).
 */
export const RecommendRequest = z
  .object({
    cause: DiscoverRequest.shape.cause,
    place: DiscoverRequest.shape.place,
    way: z
      .string()
      .max(16, { error: RecommendMessage.UnknownWay })
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || (RECOMMEND_WAYS as readonly string[]).includes(v), {
        error: RecommendMessage.UnknownWay,
      }),
  })
  .strict();
export type RecommendRequest = z.input<typeof RecommendRequest>;

/** A charity on the shortlist: its card, the answers it meets (reasons) and those it does not (misses). */
export const RecommendedCharity = DiscoverCharity.extend({
  /** Why it was chosen, in plain words from its data ("Works on Animals", "Small: under £100,000 a year"). */
  reasons: z.array(z.string()),
  /** The answers it does not meet (a wider match filling the shortlist), in plain words; empty when none. */
  misses: z.array(z.string()),
});
export type RecommendedCharity = z.infer<typeof RecommendedCharity>;

export const RecommendResponse = z.object({
  success: z.literal(true),
  answers: z.object({
    cause: z.string().nullable(),
    place: z.string().nullable(),
    way: z.enum(RECOMMEND_WAYS),
  }),
  /** Where the place was found ("Camden, London"), or null (no place, or not used: `place_problem`). */
  place_label: z.string().nullable(),
  /** Why a place given was not used (not found, or refused), in the donor's words; the shortlist is then from anywhere. */
  place_problem: z.string().nullable(),
  /** Up to three, best first: those meeting every answer, then the nearest wider matches. */
  charities: z.array(RecommendedCharity),
});
export type RecommendResponse = z.infer<typeof RecommendResponse>;
