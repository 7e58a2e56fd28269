import * as z from 'zod';
import { CanonicalRegistrationNumber } from './common';
import { PublicPost } from './posts';

/** A registration number in a public address: digits only (the register's form). */
const RegistrationNumber = CanonicalRegistrationNumber({
  required: 'registrationNumber is required',
  format: 'registrationNumber must be digits only',
});

export const PublicCharityPageRequest = z.object({ registrationNumber: RegistrationNumber }).strict();
export type PublicCharityPageRequest = z.infer<typeof PublicCharityPageRequest>;

/** The share document answers any address under /charities/ (an odd one gets the not-found document). */
export const ShareDocumentRequest = z
  .object({ registrationNumber: z.string({ error: 'registrationNumber is required' }).max(200) })
  .strict();

/** A photo or video as donors see it: where it is, and the words that stand in for it. */
export const PublicMedia = z.object({
  file_path: z.string(),
  media_type: z.enum(['image', 'video']),
  /**
   * Alt text: the charity's own when stored, empty for an item marked decorative, else (records saved before
   * alt text existed) "Photo from <display name>" (or "Video from ...").
   */
  alt: z.string(),
  /** Caption shown under the item; null when the charity wrote none. */
  caption: z.string().nullable(),
  /** A video's caption file (WebVTT), shown as its English captions track; null when it has none. */
  caption_file_path: z.string().nullable().optional(),
});
export type PublicMedia = z.infer<typeof PublicMedia>;

/** One text field of the live main page's template, in the template's order. */
export const PublicPageField = z.object({ name: z.string(), label: z.string(), value: z.string() });

/**
 * What the public charity page shows, and nothing else: no ids, emails, payment or verification details.
 * Answered only while the charity is verified (and not locked) and live; otherwise 404.
 */
export const PublicCharityPage = z.object({
  registration_number: z.string(),
  /** The name donors see (display name, else the registered name). */
  display_name: z.string(),
  /** The name on the Charity Commission register. */
  registered_name: z.string(),
  /** The charity's entry on the Commission's register. */
  register_url: z.string(),
  template_type: z.string(),
  fields: z.array(PublicPageField),
  media: z.array(PublicMedia),
  /** The active explore page's descriptions and feed; null when it is not active. */
  explore: z
    .object({
      short_description: z.string(),
      long_description: z.string(),
      feed: z.array(PublicMedia),
    })
    .nullable(),
  /** Published posts, newest first (issue 44); none while the stage's `updates.open` switch is off. */
  posts: z.array(PublicPost),
  /** The stage's `updates.open` switch (issue 44): while it is off, the page shows no Follow button. */
  updates_open: z.boolean(),
  updated_at: z.string(),
  /**
   * Giving (issue 32). `open`: giving is open on this stage and the charity's Stripe account can take charges;
   * `gift_aid`: the charity entered its HMRC charity reference, so donors may add Gift Aid; `card_fee`: the
   * card fee this stage deducts from each donation (`giving.cardFee` in `config/<stage>.json`), the one the
   * create-donation route charges with, so the giving box shows exactly what is charged.
   */
  giving: z.object({
    open: z.boolean(),
    gift_aid: z.boolean(),
    card_fee: z.object({ basis_points: z.number().int(), fixed_pence: z.number().int() }),
  }),
});
export type PublicCharityPage = z.infer<typeof PublicCharityPage>;

export const PublicCharityPageResponse = z.object({ success: z.literal(true), charity: PublicCharityPage });
export type PublicCharityPageResponse = z.infer<typeof PublicCharityPageResponse>;

/** HTML and XML documents (share page, sitemap) are answered as text, not JSON. */
export const DocumentResponse = z.string();
export const EmptyQuery = z.object({}).strict();

/** An error screen's report: no personal data (the route is public and logs what it is sent). */
export const ClientErrorReport = z
  .object({
    message: z.string({ error: 'message is required' }).trim().min(1).max(500),
    /** The path the error happened on, without query or fragment (they may hold tokens). */
    route: z
      .string({ error: 'route is required' })
      .max(200, { abort: true })
      .regex(/^\/[^?#\s]*$/, { error: 'route must be a path without query or fragment' }),
    release: z.string({ error: 'release is required' }).max(64),
    /** Which screen caught it. */
    kind: z.enum(['route', 'app', 'config']),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
export const ClientErrorResponse = z.object({ success: z.literal(true) });
