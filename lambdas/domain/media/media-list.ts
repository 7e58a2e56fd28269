import { randomUUID } from 'node:crypto';
import type { MediaItem, MediaRef } from '@shared/api/schemas/media';
import {
  CAPTION_FILE_TYPE,
  CaptionFileMessage,
  MediaMessage,
  mediaWordsProblem,
  storedMediaWords,
  type UploadContentType,
} from '@shared/media';
import type { TxItem } from '../../data/table';
import type { UploadData } from '../../data/uploads';
import { ValidationError } from '../../lib/http-errors';
import {
  type CheckedUpload,
  deleteFilesQuietly,
  saveWithUploads,
  type UploadDeps,
  type WantedUpload,
} from './uploads';

/**
 * The one pipeline of a saved media list (main pages and the explore page): the list names stored items to keep
 * (`{ mediaId }`) and new uploads (`{ key }`) in their new order; each appears once; kept items must be the
 * owner's own; new uploads go through {@link saveWithUploads}; the records are written with the grants consumed in
 * the owner's transaction; files no longer listed are deleted afterwards (failures logged). Each item carries its
 * words (alt text or decorative, caption): a kept item keeps its stored words unless the list gives new ones,
 * and an item without alt text that is not decorative (a new one, or a record saved before words existed) is
 * refused with the item's field. A video may carry a caption file (`captionFile`: the key of a WebVTT upload
 * issued for the same purpose and page, or null to remove it), recorded as `caption_file_path` and deleted with
 * the item or when replaced.
 */

/** Refuses a list naming the same upload or stored item twice. */
export function checkAppearsOnce(refs: readonly MediaRef[], field: string): void {
  const seen = new Set<string>();
  for (const ref of refs) {
    const id = 'key' in ref ? `k:${ref.key}` : `m:${ref.mediaId}`;
    if (seen.has(id)) throw new ValidationError(MediaMessage.AppearsOnce, field);
    seen.add(id);
  }
}

export interface MediaListInput<R extends MediaItem> {
  refs: readonly MediaRef[];
  /** The owner's stored items before the save. */
  before: readonly R[];
  /** display_order of the first item (a page's media count from 1; the explore grid item is 0). */
  firstOrder: number;
  /** The owner's fields of a new record (`page_id`, `explore_page_id`). */
  owner: Omit<R, keyof MediaItem>;
  /** What the upload at this position must have been issued for, and the field a problem names. */
  upload: (index: number) => Pick<WantedUpload, 'expect' | 'field'>;
  /** The refusal when the stored item to keep at this position is not one of the owner's (or not allowed there). */
  notKept: (index: number) => Error;
  /** Whether a stored item may be kept at this position (explore: the grid keeps only its grid item). */
  mayKeep?: (kept: R, index: number) => boolean;
  /** The form field of the item at this position (`media.0`, `grid`, `feed.2`); its words' problems name it. */
  field: (index: number) => string;
}

/** The words an item is saved with: the list's, else (kept items) the stored ones; refused when they do not do. */
function wordsOf(ref: MediaRef, kept: MediaItem | undefined, field: string) {
  const words = {
    alt: ref.alt ?? kept?.alt_text ?? null,
    decorative: ref.decorative ?? kept?.decorative ?? false,
    caption: ref.caption ?? kept?.caption ?? null,
  };
  const problem = mediaWordsProblem(words);
  if (problem) throw new ValidationError(problem.message, `${field}.${problem.part}`);
  return storedMediaWords(words);
}

export interface MediaListPlan<R extends MediaItem> {
  before: readonly R[];
  /** The new uploads the save names, in list order. */
  wanted: WantedUpload[];
  /** The saved list, once the uploads are checked (in `wanted` order). */
  records(checked: readonly CheckedUpload[]): R[];
}

/** Resolves a list against the stored items: every kept item must exist (and fit its position). */
export function planMediaList<R extends MediaItem>(input: MediaListInput<R>): MediaListPlan<R> {
  const byId = new Map(input.before.map((m) => [m.id, m]));
  const words = input.refs.map((ref, index) => {
    if (!('mediaId' in ref)) return wordsOf(ref, undefined, input.field(index));
    const kept = byId.get(ref.mediaId);
    if (!kept || (input.mayKeep && !input.mayKeep(kept, index))) throw input.notKept(index);
    if (typeof ref.captionFile === 'string' && kept.media_type !== 'video')
      throw new ValidationError(CaptionFileMessage.VideosOnly, `${input.field(index)}.captionFile`);
    return wordsOf(ref, kept, input.field(index));
  });
  const wanted = input.refs.flatMap((ref, index): WantedUpload[] => {
    const { expect, field } = input.upload(index);
    return [
      ...('key' in ref ? [{ key: ref.key, expect: { ...expect, contentTypes: MEDIA_TYPES }, field }] : []),
      ...(typeof ref.captionFile === 'string'
        ? [
            {
              key: ref.captionFile,
              expect: { ...expect, contentTypes: CAPTION_TYPES },
              field: `${input.field(index)}.captionFile`,
            },
          ]
        : []),
    ];
  });
  return {
    before: input.before,
    wanted,
    records(checked) {
      const byUpload = new Map(checked.map((c) => [c.upload, c]));
      return input.refs.map((ref, index): R => {
        const display_order = input.firstOrder + index;
        const captionFile =
          typeof ref.captionFile === 'string' ? (byUpload.get(ref.captionFile) as CheckedUpload) : undefined;
        let record: R;
        if ('mediaId' in ref) {
          record = { ...(byId.get(ref.mediaId) as R), ...words[index], display_order };
        } else {
          const upload = byUpload.get(ref.key) as CheckedUpload;
          record = {
            id: randomUUID(),
            ...input.owner,
            file_path: upload.key,
            media_type: upload.media_type,
            display_order,
            file_size_bytes: upload.file_size_bytes,
            mime_type: upload.mime_type,
            ...words[index],
          } as R;
        }
        if (captionFile && record.media_type !== 'video')
          throw new ValidationError(CaptionFileMessage.VideosOnly, `${input.field(index)}.captionFile`);
        if (captionFile) record.caption_file_path = captionFile.key;
        else if (ref.captionFile === null || record.media_type !== 'video') delete record.caption_file_path;
        return record;
      });
    },
  };
}

const MEDIA_TYPES: readonly UploadContentType[] = ['image/jpeg', 'video/mp4'];
const CAPTION_TYPES: readonly UploadContentType[] = [CAPTION_FILE_TYPE];

/** Every stored file of an item: the photo or video and a video's caption file. */
const filesOf = (m: MediaItem) => (m.caption_file_path ? [m.file_path, m.caption_file_path] : [m.file_path]);

/** Stored files (photos, videos, caption files) that the saved list no longer names. */
export function droppedFiles(before: readonly MediaItem[], after: readonly MediaItem[]): string[] {
  const kept = new Set(after.flatMap(filesOf));
  return before.flatMap(filesOf).filter((path) => !kept.has(path));
}

/**
 * Saves a planned list: checks and copies the new uploads, builds the records, runs the owner's `write` (its
 * transaction records them and consumes the grants given), then deletes the files no longer listed.
 * Returns the saved records.
 */
export async function saveMediaList<R extends MediaItem>(
  deps: UploadDeps & {
    uploads: Pick<UploadData, 'consume'>;
    warn: (message: string, extra: Record<string, unknown>) => void;
  },
  userId: string,
  plan: MediaListPlan<R>,
  write: (media: R[], consume: TxItem[]) => Promise<void>,
): Promise<R[]> {
  const media = await saveWithUploads(deps, userId, plan.wanted, async (checked) => {
    const media = plan.records(checked);
    await write(
      media,
      checked.map((c) => deps.uploads.consume(userId, c.upload)),
    );
    return media;
  });
  await deleteFilesQuietly(deps.media, droppedFiles(plan.before, media), deps.warn);
  return media;
}
