import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreateMediaUploadRequest,
  CreateMediaUploadResponse,
} from '../../../shared/src/api/schemas/media';
import {
  allowedContentTypes,
  MEDIA_CONTENT_TYPES,
  type MediaContentType,
  MediaMessage,
  type MediaType,
  maxUploadBytes,
  sniffContentType,
  UPLOAD_EXPIRY_SECONDS,
  type UploadPurpose,
} from '../../../shared/src/media';
import type { MediaStore } from '../../adapters/media-store';
import type { RateLimits } from '../../data/rate-limits';
import type { UploadData } from '../../data/uploads';
import type { Clock } from '../../lib/clock';
import { RateLimitError, ValidationError } from '../../lib/errors';

/** Presigned uploads per charity per hour: generous for building pages, a ceiling for a runaway client. */
export const UPLOADS_PER_HOUR = 300;

export interface UploadDeps {
  uploads: UploadData;
  media: MediaStore;
  clock: Clock;
}

/** A checked upload, ready to record. */
export interface CheckedUpload {
  key: string;
  mime_type: MediaContentType;
  media_type: MediaType;
  file_size_bytes: number;
}

const uniqueName = (now: Date) => `${now.getTime()}_${randomBytes(6).toString('hex')}`;

/**
 * Issues a presigned POST for one file under the caller's own prefix, in the spec's key layout:
 * `{charityId}/pages/{pageId}/{timestamp}_{random}.{ext}`, `{charityId}/explore/{explorePageId}/grid_...`,
 * `.../feed_{position}_...`, and profile images `{charityId}/profile_{timestamp}_{random}.jpg`.
 */
export async function createMediaUpload(
  deps: UploadDeps & { rates: RateLimits; explorePageId: (userId: string) => Promise<string> },
  userId: string,
  input: CreateMediaUploadRequest,
): Promise<CreateMediaUploadResponse> {
  const { purpose, contentType, size } = input;
  if (!allowedContentTypes(purpose).includes(contentType)) {
    throw new ValidationError(
      purpose === 'profile-image' ? MediaMessage.NotAnImage : MediaMessage.WrongType,
      'contentType',
    );
  }
  const maxBytes = maxUploadBytes(purpose, contentType);
  if (size > maxBytes) {
    throw new ValidationError(
      purpose === 'profile-image' ? MediaMessage.ImageTooLarge : MediaMessage.TooLarge,
      'size',
    );
  }
  if (purpose === 'explore-feed' && input.position === undefined)
    throw new ValidationError('position is required for feed media', 'position');
  if (purpose !== 'page' && input.pageId !== undefined)
    throw new ValidationError('pageId is only for main page media', 'pageId');
  if (purpose !== 'explore-feed' && input.position !== undefined)
    throw new ValidationError('position is only for feed media', 'position');

  const now = deps.clock.now();
  const allowed = await deps.rates.hit(
    'media-upload',
    userId,
    { window: 3600, limit: UPLOADS_PER_HOUR },
    now,
  );
  if (!allowed.allowed)
    throw new RateLimitError(MediaMessage.TooManyUploads, {
      rateLimitType: 'other',
      waitTime: allowed.retryAfterSeconds,
    });

  const ext = MEDIA_CONTENT_TYPES[contentType].ext;
  const name = `${uniqueName(now)}.${ext}`;
  let key: string;
  let pageId: string | undefined;
  let explorePageId: string | undefined;
  if (purpose === 'page') {
    pageId = input.pageId ?? randomUUID();
    key = `${userId}/pages/${pageId}/${name}`;
  } else if (purpose === 'profile-image') {
    key = `${userId}/profile_${name}`;
  } else {
    explorePageId = await deps.explorePageId(userId);
    key =
      purpose === 'explore-grid'
        ? `${userId}/explore/${explorePageId}/grid_${name}`
        : `${userId}/explore/${explorePageId}/feed_${input.position}_${name}`;
  }
  const expiresAt = new Date(now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000);
  await deps.uploads.put(userId, {
    key,
    purpose,
    content_type: contentType,
    max_bytes: maxBytes,
    ...(pageId ? { page_id: pageId } : {}),
    ...(explorePageId ? { explore_page_id: explorePageId } : {}),
    // Kept a little past the form's own expiry: a file sent at the last second can still be saved.
    expiresAt: Math.floor(expiresAt.getTime() / 1000) + 3600,
  });
  const form = await deps.media.presignPost({
    key,
    contentType,
    minBytes: 1,
    maxBytes,
    expiresSeconds: UPLOAD_EXPIRY_SECONDS,
  });
  return {
    success: true,
    key,
    url: form.url,
    fields: form.fields,
    ...(pageId ? { pageId } : {}),
    ...(explorePageId ? { explorePageId } : {}),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Checks an upload before it is recorded: issued by the API to this charity for this purpose (and page),
 * stored, within its size range, and of its declared type judged by its first bytes. A stored object that
 * fails the check is deleted. Does not consume the upload: the save removes it in its own transaction.
 */
export async function checkUpload(
  deps: UploadDeps,
  userId: string,
  key: string,
  expect: { purpose: UploadPurpose; pageId?: string; explorePageId?: string },
  field = 'media',
): Promise<CheckedUpload> {
  const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
  const issued = await deps.uploads.get(userId, key, nowSec);
  if (
    !issued ||
    issued.purpose !== expect.purpose ||
    (expect.pageId !== undefined && issued.page_id !== expect.pageId) ||
    (expect.explorePageId !== undefined && issued.explore_page_id !== expect.explorePageId)
  ) {
    throw new ValidationError(MediaMessage.UploadNotFound, field, 'UPLOAD_NOT_FOUND');
  }
  const size = await deps.media.size(key);
  if (size === null) throw new ValidationError(MediaMessage.UploadMissing, field, 'UPLOAD_MISSING');
  const head = size > 0 ? await deps.media.readStart(key, 12) : new Uint8Array();
  if (size < 1 || size > issued.max_bytes || sniffContentType(head) !== issued.content_type) {
    await deps.media.deleteObject(key);
    await deps.uploads.remove(userId, key);
    throw new ValidationError(MediaMessage.UploadMismatch, field, 'UPLOAD_MISMATCH');
  }
  return {
    key,
    mime_type: issued.content_type,
    media_type: MEDIA_CONTENT_TYPES[issued.content_type].mediaType,
    file_size_bytes: size,
  };
}

/** Deletes stored files, logging (never throwing) failures: new content is never lost to a failed cleanup. */
export async function deleteFilesQuietly(
  media: MediaStore,
  keys: readonly string[],
  warn: (message: string, extra: Record<string, unknown>) => void,
): Promise<number> {
  let deleted = 0;
  await Promise.all(
    keys.map(async (key) => {
      try {
        await media.deleteObject(key);
        deleted++;
      } catch (error) {
        warn('media file not deleted', { key, error: (error as Error).name });
      }
    }),
  );
  return deleted;
}

/**
 * Runs checks in parallel but reports like a sequential run: the first failure in input order, so the field an
 * error names does not depend on which check happened to finish first.
 */
export async function allInOrder<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
