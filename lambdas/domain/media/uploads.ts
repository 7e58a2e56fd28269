import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/api/error-codes';
import type { CreateMediaUploadRequest, CreateMediaUploadResponse } from '@shared/api/schemas/media';
import {
  allowedContentTypes,
  CAPTION_FILE_TYPE,
  CaptionFileMessage,
  captionFileProblem,
  INCOMING_PREFIX,
  MEDIA_CONTENT_TYPES,
  MediaMessage,
  type MediaType,
  maxUploadBytes,
  sniffContentType,
  UPLOAD_EXPIRY_SECONDS,
  type UploadContentType,
  type UploadPurpose,
  uploadExt,
} from '@shared/media';
import type { MediaStore } from '../../adapters/media-store';
import type { RateLimits } from '../../data/rate-limits';
import type { UploadData } from '../../data/uploads';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError, RateLimitError, ValidationError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { AccountMessage } from '../charity-accounts/messages';

/** Presigned uploads per charity per hour: generous for building pages, a ceiling for a runaway client. */
export const UPLOADS_PER_HOUR = 300;

/** What checking a save's uploads uses: the grants (read, and removed when a file fails), the store, the clock. */
export interface UploadDeps {
  uploads: Pick<UploadData, 'get' | 'remove'>;
  media: MediaStore;
  clock: Clock;
}

type Warn = (message: string, extra: Record<string, unknown>) => void;

/** A checked upload, copied to its own final key and ready to record. */
export interface CheckedUpload {
  /** The final key the save records (a fresh name in the issued key's folder). */
  key: string;
  /** The issued key the save named: its grant is consumed by the save. */
  upload: string;
  mime_type: UploadContentType;
  /** null for a caption file (not a photo or video of its own). */
  media_type: MediaType | null;
  file_size_bytes: number;
}

const uniqueName = (now: Date) => `${now.getTime()}_${randomBytes(6).toString('hex')}`;

/** Where the upload form for an issued key stores the file: outside the served tree. */
export const incomingKey = (key: string) => `${INCOMING_PREFIX}${key}`;

/**
 * The final key of one save of an issued key: the same folder and layout with a fresh `{timestamp}_{random}`, so
 * every save writes an object of its own that no upload form and no other save can overwrite.
 */
export function finalKeyOf(key: string, now: Date): string {
  const final = key.replace(/\d+_[0-9a-f]{12}(\.[a-z0-9]+)$/, `${uniqueName(now)}$1`);
  if (final === key) throw new Error('unexpected upload key layout');
  return final;
}

/** The spec's words for a file over its limit: a caption file's, a profile image's, any other photo or video's. */
function tooLarge(purpose: CreateMediaUploadRequest['purpose'], contentType: UploadContentType): string {
  if (contentType === CAPTION_FILE_TYPE) return CaptionFileMessage.TooLarge;
  if (purpose === 'profile-image') return MediaMessage.ImageTooLarge;
  return MediaMessage.TooLarge;
}

/**
 * Issues a presigned POST for one file under the caller's own prefix, in the spec's key layout:
 * `{charityId}/pages/{pageId}/{timestamp}_{random}.{ext}`, `{charityId}/explore/{explorePageId}/grid_...`,
 * `.../feed_{position}_...`, profile images `{charityId}/profile_{timestamp}_{random}.jpg` and posts'
 * media `{charityId}/posts/{timestamp}_{random}.{ext}`.
 */
export async function createMediaUpload(
  deps: Omit<UploadDeps, 'uploads'> & {
    uploads: Pick<UploadData, 'put'>;
    rates: RateLimits;
    explorePageId: (userId: string) => Promise<string>;
    /** Counts an unverified account's upload against {@link UNVERIFIED_MEDIA_BYTES} (`charities/verification.ts`). */
    reserveUnverifiedBytes: (
      userId: string,
      bytes: number,
    ) => Promise<'reserved' | 'verified' | 'full' | 'missing'>;
  },
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
  if (size > maxBytes) throw new ValidationError(tooLarge(purpose, contentType), 'size');
  if (purpose === 'explore-feed' && input.position === undefined)
    throw new ValidationError(MediaMessage.PositionRequired, 'position');
  if (purpose !== 'page' && input.pageId !== undefined)
    throw new ValidationError(MediaMessage.PageIdOnlyForPage, 'pageId');
  if (purpose !== 'explore-feed' && input.position !== undefined)
    throw new ValidationError(MediaMessage.PositionOnlyForFeed, 'position');

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

  // An unverified account's forms count against its allowance, and each takes no more than it declared.
  const allowance = await deps.reserveUnverifiedBytes(userId, size);
  if (allowance === 'full') throw new ValidationError(MediaMessage.UnverifiedStorageFull, 'size');
  if (allowance === 'missing') throw new NotFoundError(AccountMessage.NotFound);
  const formMaxBytes = allowance === 'reserved' ? size : maxBytes;

  const ext = uploadExt(contentType);
  const name = `${uniqueName(now)}.${ext}`;
  let key: string;
  let pageId: string | undefined;
  let explorePageId: string | undefined;
  if (purpose === 'page') {
    pageId = input.pageId ?? randomUUID();
    key = `${userId}/pages/${pageId}/${name}`;
  } else if (purpose === 'profile-image') {
    key = `${userId}/profile_${name}`;
  } else if (purpose === 'post') {
    // A post's media (issue 44): the charity's own posts folder; the save that names it binds it to its post.
    key = `${userId}/posts/${name}`;
  } else {
    explorePageId = await deps.explorePageId(userId);
    key =
      purpose === 'explore-grid'
        ? `${userId}/explore/${explorePageId}/grid_${name}`
        : `${userId}/explore/${explorePageId}/feed_${input.position}_${name}`;
  }
  const expiresAt = new Date(now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000);
  const formExpiresAt = Math.floor(expiresAt.getTime() / 1000);
  const recorded = await deps.uploads.put(userId, {
    key,
    purpose,
    content_type: contentType,
    max_bytes: formMaxBytes,
    ...(pageId ? { page_id: pageId } : {}),
    ...(explorePageId ? { explore_page_id: explorePageId } : {}),
    form_expires_at: formExpiresAt,
    // The grant outlives the form by an hour: a file sent in time can be saved after the page is written.
    expiresAt: formExpiresAt + 3600,
  });
  // A token that outlived its account gets no form (the grant write checks the account exists).
  if (!recorded) throw new NotFoundError(AccountMessage.NotFound);
  const form = await deps.media.presignPost({
    key: incomingKey(key),
    contentType,
    minBytes: 1,
    maxBytes: formMaxBytes,
    expiresSeconds: UPLOAD_EXPIRY_SECONDS,
  });
  recordMetric('Uploads');
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
 * Checks an upload and copies it to its final key: issued by the API to this charity for this purpose (and page),
 * stored under `incoming/` before its form expired, and (judged on the copy, which no form can reach) within its
 * size range and of its declared type by its first bytes. A failing object is deleted with its copy and grant.
 * Does not consume the grant: the save removes it in its own transaction (see {@link saveWithUploads}).
 */
export async function checkUpload(
  deps: UploadDeps,
  userId: string,
  key: string,
  expect: UploadExpectation,
  field = 'media',
): Promise<CheckedUpload> {
  const now = deps.clock.now();
  const issued = await deps.uploads.get(userId, key, Math.floor(now.getTime() / 1000));
  if (
    !issued ||
    issued.purpose !== expect.purpose ||
    (expect.pageId !== undefined && issued.page_id !== expect.pageId) ||
    (expect.explorePageId !== undefined && issued.explore_page_id !== expect.explorePageId)
  ) {
    throw new ValidationError(MediaMessage.UploadNotFound, field, ErrorCode.UploadNotFound);
  }
  // A caption file where a photo or video belongs, or the other way round.
  if (expect.contentTypes && !expect.contentTypes.includes(issued.content_type)) {
    const captionSlot = expect.contentTypes.includes(CAPTION_FILE_TYPE);
    throw new ValidationError(
      captionSlot ? CaptionFileMessage.WrongType : MediaMessage.WrongType,
      field,
      ErrorCode.UploadMismatch,
    );
  }
  const source = incomingKey(key);
  const stored = await deps.media.stat(source);
  if (!stored) throw new ValidationError(MediaMessage.UploadMissing, field, ErrorCode.UploadMissing);
  // S3 refuses a form after its expiry; this holds where the policy is not enforced (the local stand-in).
  if (!(stored.lastModified.getTime() <= (issued.form_expires_at ?? 0) * 1000)) {
    await deps.media.deleteObject(source);
    throw new ValidationError(MediaMessage.UploadNotFound, field, ErrorCode.UploadNotFound);
  }
  const final = finalKeyOf(key, now);
  if (!(await deps.media.copyObject(source, final, issued.content_type)))
    throw new ValidationError(MediaMessage.UploadMissing, field, ErrorCode.UploadMissing);
  const size = (await deps.media.stat(final))?.size ?? 0;
  const caption = issued.content_type === CAPTION_FILE_TYPE;
  let problem: string | null = null;
  if (size < 1 || size > issued.max_bytes) problem = MediaMessage.UploadMismatch;
  else if (caption) problem = captionFileProblem(await deps.media.readStart(final, size));
  else if (sniffContentType(await deps.media.readStart(final, 12)) !== issued.content_type)
    problem = MediaMessage.UploadMismatch;
  if (problem) {
    await Promise.all([deps.media.deleteObject(final), deps.media.deleteObject(source)]);
    await deps.uploads.remove(userId, key);
    throw new ValidationError(problem, field, ErrorCode.UploadMismatch);
  }
  return {
    key: final,
    upload: key,
    mime_type: issued.content_type,
    media_type:
      issued.content_type === CAPTION_FILE_TYPE ? null : MEDIA_CONTENT_TYPES[issued.content_type].mediaType,
    file_size_bytes: size,
  };
}

/** What an upload a save names must have been issued for (and, when given, which content types it may be). */
export interface UploadExpectation {
  purpose: UploadPurpose;
  pageId?: string;
  explorePageId?: string;
  contentTypes?: readonly UploadContentType[];
}

/** An upload a save names: its issued key, what it must have been issued for, and the field to blame. */
export interface WantedUpload {
  key: string;
  expect: UploadExpectation;
  field?: string;
}

/**
 * The one way a save records uploads. Checks every named upload (in parallel, failures reported in input
 * order) and copies each to its final key, then runs `write`, the transaction that records the final keys and
 * consumes the grants. After it commits, the incoming objects are deleted (the lifecycle rule catches any left).
 * When a check or `write` refuses, the copies are deleted, so no object is left that nothing records; when
 * `write` fails for an unknown reason it may have committed, so the copies are kept (a recorded key always has
 * its object). Work after the commit (deleting replaced files, ...) belongs after this call.
 */
export async function saveWithUploads<T>(
  deps: UploadDeps & { warn: Warn },
  userId: string,
  wanted: readonly WantedUpload[],
  write: (checked: CheckedUpload[]) => Promise<T>,
): Promise<T> {
  const settled = await Promise.allSettled(
    wanted.map((w) => checkUpload(deps, userId, w.key, w.expect, w.field)),
  );
  const checked = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await deleteFilesQuietly(
      deps.media,
      checked.map((c) => c.key),
      deps.warn,
    );
    throw (failed as PromiseRejectedResult).reason;
  }
  let result: T;
  try {
    result = await write(checked);
  } catch (error) {
    if (error instanceof AppError)
      await deleteFilesQuietly(
        deps.media,
        checked.map((c) => c.key),
        deps.warn,
      );
    else deps.warn('save failed after copying uploads; copies kept', { keys: checked.map((c) => c.key) });
    throw error;
  }
  await deleteFilesQuietly(
    deps.media,
    checked.map((c) => incomingKey(c.upload)),
    deps.warn,
  );
  return result;
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
