import {
  JPEG_QUALITY,
  MAX_VIDEO_BYTES,
  type MediaContentType,
  MediaMessage,
  maxUploadBytes,
  type UploadContentType,
  type UploadPurpose,
} from '@shared/media';
import { callApi, NETWORK_ERROR_MESSAGE } from './api';

/**
 * An upload that sends nothing for this long has stalled: it fails with the network wording instead of
 * waiting for ever. (Uploads may take minutes on a slow line, so the limit is on silence, not on the total.)
 */
export const UPLOAD_STALL_MS = 60_000;

/** Longest edge of a re-encoded image: sharp on any phone or laptop screen, quick to upload. */
const MAX_IMAGE_EDGE = 2560;

export interface PreparedMedia {
  blob: Blob;
  contentType: MediaContentType;
  mediaType: 'image' | 'video';
}

/** A file ready for an upload form: a prepared photo or video, or a video's caption file. */
export interface UploadableFile {
  blob: Blob;
  contentType: UploadContentType;
}

/** Thrown for a file the product does not take; the message is ready to show. */
export class MediaFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaFileError';
  }
}

/**
 * Whether a chosen file can be taken, checked the moment it is chosen (before any dialog or upload): any image
 * (re-encoded as JPEG on save) or an MP4 video within the video limit. Returns the message to show, or null.
 */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type.startsWith('image/')) return null;
  if (file.type !== 'video/mp4') return MediaMessage.WrongType;
  if (file.size > MAX_VIDEO_BYTES) return MediaMessage.TooLarge;
  return null;
}

/**
 * Gets a chosen file ready for upload: images (any type the browser can decode) are re-encoded as JPEG at
 * 0.9, videos must be MP4 and are kept as they are.
 */
export async function prepareMedia(file: File, opts: { imagesOnly?: boolean } = {}): Promise<PreparedMedia> {
  if (file.type.startsWith('image/')) {
    return { blob: await reencodeAsJpeg(file), contentType: 'image/jpeg', mediaType: 'image' };
  }
  if (opts.imagesOnly) throw new MediaFileError(MediaMessage.NotAnImage);
  if (file.type === 'video/mp4') return { blob: file, contentType: 'video/mp4', mediaType: 'video' };
  throw new MediaFileError(MediaMessage.WrongType);
}

async function reencodeAsJpeg(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new MediaFileError('This image could not be read. Please choose another file.');
  }
  const scale = Math.min(1, MAX_IMAGE_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new MediaFileError('This image could not be read. Please choose another file.');
  // JPEG has no transparency: paint transparent areas white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(blob)
          : reject(new MediaFileError('This image could not be read. Please choose another file.')),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

export interface UploadResult {
  key: string;
  pageId?: string;
  explorePageId?: string;
}

/**
 * Uploads one prepared file: asks the API for a presigned POST (the key, type and size are fixed by the
 * server), then sends the file straight to storage, reporting progress from 0 to 1.
 */
export async function uploadMedia(opts: {
  purpose: UploadPurpose;
  media: UploadableFile;
  token: string;
  pageId?: string;
  position?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<UploadResult> {
  const { media } = opts;
  const max = maxUploadBytes(opts.purpose, media.contentType);
  if (media.blob.size > max) {
    throw new MediaFileError(
      opts.purpose === 'profile-image' ? MediaMessage.ImageTooLarge : MediaMessage.TooLarge,
    );
  }
  const grant = await callApi(
    'create-media-upload',
    {
      purpose: opts.purpose,
      contentType: media.contentType,
      size: media.blob.size,
      ...(opts.pageId ? { pageId: opts.pageId } : {}),
      ...(opts.position !== undefined ? { position: opts.position } : {}),
    },
    { token: opts.token, signal: opts.signal },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', media.blob);
  await postForm(grant.url, form, opts.onProgress, opts.signal);
  return { key: grant.key, pageId: grant.pageId, explorePageId: grant.explorePageId };
}

function postForm(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.onabort = null;
        xhr.abort();
        reject(new MediaFileError(NETWORK_ERROR_MESSAGE));
      }, UPLOAD_STALL_MS);
    };
    xhr.onloadend = () => clearTimeout(stall);
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else reject(new MediaFileError(MediaMessage.UploadMissing));
    };
    xhr.onerror = () => reject(new MediaFileError(MediaMessage.UploadMissing));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    watch();
    xhr.send(form);
  });
}
