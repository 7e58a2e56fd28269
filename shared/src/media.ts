/**
 * Media rules shared by the browser and the API (charity-area spec, "Media storage" and section 9). Images are
 * re-encoded in the browser as JPEG at 0.9; videos are kept as MP4. The API checks every uploaded object
 * itself (size, and type from its first bytes) before it records it.
 */
export const JPEG_QUALITY = 0.9;

export const MEDIA_CONTENT_TYPES = {
  'image/jpeg': { mediaType: 'image', ext: 'jpg' },
  'video/mp4': { mediaType: 'video', ext: 'mp4' },
} as const;
export type MediaContentType = keyof typeof MEDIA_CONTENT_TYPES;
export type MediaType = (typeof MEDIA_CONTENT_TYPES)[MediaContentType]['mediaType'];

/** What an upload is for; decides its key, its size limit and which types it takes. */
export const UPLOAD_PURPOSES = ['page', 'explore-grid', 'explore-feed', 'profile-image', 'post'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;
/** Largest image and video per upload. Profile images follow the spec's 5MB. */
export const MAX_IMAGE_BYTES = 10 * MB;
export const MAX_VIDEO_BYTES = 100 * MB;
export const MAX_PROFILE_IMAGE_BYTES = 5 * MB;

export function maxUploadBytes(purpose: UploadPurpose, contentType: UploadContentType): number {
  if (contentType === CAPTION_FILE_TYPE) return MAX_CAPTION_FILE_BYTES;
  if (purpose === 'profile-image') return MAX_PROFILE_IMAGE_BYTES;
  return MEDIA_CONTENT_TYPES[contentType].mediaType === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
}

/** Content types each purpose takes: profile images are images only. */
export function allowedContentTypes(purpose: UploadPurpose): UploadContentType[] {
  return purpose === 'profile-image' ? ['image/jpeg'] : ['image/jpeg', 'video/mp4', CAPTION_FILE_TYPE];
}

/**
 * A video's caption file (issue 19): WebVTT, uploaded for the same purpose and page as the video it belongs to
 * and stored beside it (`caption_file_path` on the media record). Not a photo or video of its own.
 */
export const CAPTION_FILE_TYPE = 'text/vtt';
export const CAPTION_FILE_EXT = 'vtt';
export const MAX_CAPTION_FILE_BYTES = 512 * 1024;

/** Everything an upload form may carry: the media types and caption files. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'video/mp4', CAPTION_FILE_TYPE] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The file extension of an upload's key. */
export const uploadExt = (contentType: UploadContentType): string =>
  contentType === CAPTION_FILE_TYPE ? CAPTION_FILE_EXT : MEDIA_CONTENT_TYPES[contentType].ext;

export const CaptionFileMessage = {
  WrongType: 'Please choose a WebVTT caption file (.vtt).',
  TooLarge: 'Caption files can be up to 512KB.',
  NotVtt: 'This is not a WebVTT caption file: it must start with "WEBVTT".',
  NotText: 'This caption file cannot be read: it must be UTF-8 text without control characters.',
  VideosOnly: 'Caption files can only be added to videos.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const VTT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * What is wrong with a caption file's bytes, in words to show; null when it is WebVTT as the product takes it:
 * UTF-8 (an optional byte order mark), starting with `WEBVTT` followed by the end of the line, a space or a tab,
 * and no control characters other than tab, line feed and carriage return. The browser checks a chosen file with
 * it, and the API checks the stored file again before recording it.
 */
export function captionFileProblem(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_CAPTION_FILE_BYTES) return CaptionFileMessage.TooLarge;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return CaptionFileMessage.NotText;
  }
  if (!/^WEBVTT(?:$|[ \t\r\n])/.test(text)) return CaptionFileMessage.NotVtt;
  if (VTT_FORBIDDEN.test(text)) return CaptionFileMessage.NotText;
  return null;
}

/** Whether a chosen file looks like a caption file by its name or declared type (its bytes are checked next). */
export function looksLikeCaptionFile(file: { name: string; type: string }): boolean {
  return file.type === CAPTION_FILE_TYPE || (file.type === '' && /\.vtt$/i.test(file.name));
}

/** Seconds a presigned upload form stays usable. */
export const UPLOAD_EXPIRY_SECONDS = 5 * 60;

/**
 * Upload forms write under this prefix, which is never served (media CDN, local `/media/*`) and expires after a
 * day; a save copies a checked object to its final key outside it.
 */
export const INCOMING_PREFIX = 'incoming/';

/**
 * Media an unverified account may upload in all (every upload form counts its declared size): a charity builds
 * its pages before verifying, but an account nobody has vetted cannot use the media CDN as a file host.
 */
export const UNVERIFIED_MEDIA_BYTES = 25 * 1024 * 1024;

export const MediaMessage = {
  NotAnImage: 'Please select an image file',
  ImageTooLarge: 'Image must be smaller than 5MB',
  WrongType: 'Please choose an image or an MP4 video.',
  TooLarge: 'This file is too large. Images can be up to 10MB and videos up to 100MB.',
  UploadNotFound: 'This upload was not found or has expired. Please choose the file again.',
  UploadMissing: 'The file did not finish uploading. Please try again.',
  UploadMismatch:
    'The uploaded file is not the type or size it was declared as. Please choose the file again.',
  TooManyUploads: 'Too many uploads in a short time. Please wait a few minutes and try again.',
  UnverifiedStorageFull:
    'Until your charity is verified you can upload up to 25MB of photos and videos. Please verify your charity with the code we emailed to add more.',
  AppearsOnce: 'Each media item can appear only once.',
  PositionRequired: 'position is required for feed media',
  PageIdOnlyForPage: 'pageId is only for main page media',
  PositionOnlyForFeed: 'position is only for feed media',
} as const;

/** Public URL of a stored media object (`mediaBaseUrl` from the runtime configuration). */
export function mediaUrl(mediaBaseUrl: string, key: string): string {
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The kind of a media file from its first bytes: JPEG (FF D8 FF), MP4/ISO-BMFF (`ftyp` at offset 4); null otherwise. */
export function sniffContentType(head: Uint8Array): MediaContentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70)
    return 'video/mp4';
  return null;
}

/**
 * The words that stand in for a photo or video (issue 19): alt text, required unless the charity marks the item
 * decorative (then it has none, by intent), and an optional caption shown under it. For a video the alt text is
 * its text description. Both are trimmed, single-line and free of control characters.
 */
export const MEDIA_ALT_MAX = 250;
export const MEDIA_CAPTION_MAX = 300;

export const MediaWordsMessage = {
  AltRequired:
    'Please add alt text describing this item for people who cannot see it, or mark it as decorative.',
  AltTooLong: `Alt text must be ${MEDIA_ALT_MAX} characters or fewer.`,
  CaptionTooLong: `Captions must be ${MEDIA_CAPTION_MAX} characters or fewer.`,
  ControlCharacters: 'Alt text and captions cannot contain control characters such as tabs or line breaks.',
} as const;

/** The words of one item as a form or a save has them. */
export interface MediaWords {
  alt?: string | null;
  decorative?: boolean;
  caption?: string | null;
}

/** The words as stored: trimmed, empty as null, no alt text on a decorative item. */
export interface StoredMediaWords {
  alt_text: string | null;
  decorative: boolean;
  caption: string | null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The first problem with an item's words, naming the part it is about (`alt` or `caption`); null when fine. */
export function mediaWordsProblem(words: MediaWords): { part: 'alt' | 'caption'; message: string } | null {
  const alt = words.alt ?? '';
  const caption = words.caption ?? '';
  if (CONTROL_CHARACTERS.test(alt)) return { part: 'alt', message: MediaWordsMessage.ControlCharacters };
  if (!words.decorative && alt.trim() === '') return { part: 'alt', message: MediaWordsMessage.AltRequired };
  if (alt.trim().length > MEDIA_ALT_MAX) return { part: 'alt', message: MediaWordsMessage.AltTooLong };
  if (CONTROL_CHARACTERS.test(caption))
    return { part: 'caption', message: MediaWordsMessage.ControlCharacters };
  if (caption.trim().length > MEDIA_CAPTION_MAX)
    return { part: 'caption', message: MediaWordsMessage.CaptionTooLong };
  return null;
}

/** Words ready to store (call after {@link mediaWordsProblem} found nothing). */
export function storedMediaWords(words: MediaWords): StoredMediaWords {
  const decorative = words.decorative === true;
  return {
    alt_text: decorative ? null : words.alt?.trim() || null,
    decorative,
    caption: words.caption?.trim() || null,
  };
}
