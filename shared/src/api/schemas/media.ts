import * as z from 'zod';
import {
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MediaMessage,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_PURPOSES,
} from '../../media';

const Uuid = (what: string) =>
  z.string({ error: `${what} is required` }).uuid({ error: `${what} is not valid` });

export const CreateMediaUploadRequest = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES, {
      error: 'purpose must be one of: page, explore-grid, explore-feed, profile-image, post',
    }),
    /** Main-page uploads: the page being edited; omitted for a new page (the answer names a new page id). */
    pageId: Uuid('pageId').optional(),
    /** Explore feed uploads: the item's position (1 to 20), part of the key. */
    position: z.number().int().min(1).max(20).optional(),
    /** A photo or video, or (`text/vtt`) a video's caption file. */
    contentType: z.enum(UPLOAD_CONTENT_TYPES, { error: MediaMessage.WrongType }),
    /** Size of the file in bytes, as the browser will send it. */
    size: z.number({ error: 'size must be a number' }).int().min(1, { error: 'The file is empty.' }),
  })
  .strict();
export type CreateMediaUploadRequest = z.infer<typeof CreateMediaUploadRequest>;

export const CreateMediaUploadResponse = z.object({
  success: z.literal(true),
  /** The object key the upload must use (fixed by the policy). */
  key: z.string(),
  /** Presigned POST: send a multipart form with these fields, then the file as `file`, to `url`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** Main-page uploads: the page id the key belongs to (new when none was given). */
  pageId: z.string().optional(),
  /** Explore uploads: the charity's explore page id. */
  explorePageId: z.string().optional(),
  expiresAt: z.string(),
});
export type CreateMediaUploadResponse = z.infer<typeof CreateMediaUploadResponse>;

/** A stored media item as the API returns it. */
export const MediaItem = z.object({
  id: z.string(),
  file_path: z.string(),
  media_type: z.enum(['image', 'video']),
  display_order: z.number().int(),
  file_size_bytes: z.number().int(),
  mime_type: z.string(),
  /**
   * The item's words (issue 19). Records saved before them have none: they still load, and the editor asks for
   * alt text on the next save.
   */
  alt_text: z.string().nullable().optional(),
  /** Marked decorative: no alt text, by intent. */
  decorative: z.boolean().optional(),
  caption: z.string().nullable().optional(),
  /** A video's caption file (WebVTT), stored beside it; none when absent or null. */
  caption_file_path: z.string().nullable().optional(),
});
export type MediaItem = z.infer<typeof MediaItem>;

/**
 * An item's words in a save (checked by the media pipeline: required alt unless decorative, lengths, control
 * characters). On a kept item, words left out keep the stored ones.
 */
const Words = {
  alt: z
    .string({ error: 'alt must be text' })
    .max(MEDIA_ALT_MAX * 4)
    .optional(),
  decorative: z.boolean({ error: 'decorative must be true or false' }).optional(),
  caption: z
    .string({ error: 'caption must be text' })
    .max(MEDIA_CAPTION_MAX * 4)
    .optional(),
  /**
   * A video's caption file: the key of a `text/vtt` upload (issued for the same purpose and page) to attach,
   * null to remove the stored one; left out, a kept item keeps its file.
   */
  captionFile: z
    .string({ error: 'captionFile must be an upload key or null' })
    .min(1)
    .max(512)
    .nullable()
    .optional(),
};

/** In a save: an uploaded object to record (`key` from create-media-upload) or a stored item to keep. */
export const MediaRef = z.union(
  [
    z.object({ key: z.string().min(1).max(512), ...Words }).strict(),
    z.object({ mediaId: z.string().min(1).max(64), ...Words }).strict(),
  ],
  { error: 'Each media item must be { "key": ... } for a new upload or { "mediaId": ... } to keep one' },
);
export type MediaRef = z.infer<typeof MediaRef>;
