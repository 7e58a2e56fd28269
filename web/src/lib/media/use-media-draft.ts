import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type PreparedMedia, prepareMedia } from '@/lib/media-upload';

/** A file chosen in an editor, prepared for upload and shown from an object URL. */
export interface DraftFile {
  id: string;
  preview: string;
  media: PreparedMedia;
}

/** A new item of a draft to upload: prepared when it was chosen, or prepared from `file` when it is sent. */
export interface PendingUpload {
  id: string;
  file?: File | null;
}

export interface MediaDraft {
  /** Prepares a chosen file now (images re-encoded) and shows it from an object URL it owns. */
  prepare: (file: File) => Promise<DraftFile>;
  /** Takes back a prepared file kept in a draft under its item id, and shows it from an object URL. */
  adopt: (id: string, media: PreparedMedia) => string;
  /** The prepared file of a new item (to keep it in a draft). */
  preparedOf: (id: string) => PreparedMedia | undefined;
  /** Shows a chosen file as it is, from an object URL it owns (prepared only when it is uploaded). */
  preview: (file: Blob) => string;
  /** Forgets a new item: its object URL, its prepared file and its upload key. */
  discard: (id: string, preview: string) => void;
  /** Revokes the object URLs no item of the draft shows any more. */
  releaseUnused: (inUse: Iterable<string | null | undefined>) => void;
  /**
   * Uploads the items not uploaded yet, one after another; `send` stores one prepared file and returns its key.
   * Rejects with the first failure (the keys of the files sent before it are kept for a retry).
   */
  uploadEach: <T extends PendingUpload>(
    items: readonly T[],
    send: (media: PreparedMedia, item: T, onProgress: (fraction: number) => void) => Promise<string>,
    events?: { progress?: (item: T, fraction: number) => void; uploaded?: (item: T) => void },
  ) => Promise<ReadonlyMap<string, string>>;
  /** Whether an item's file is already uploaded (a retry does not send it again). */
  isUploaded: (id: string) => boolean;
  /** The storage keys of the uploaded items, by item id. */
  keys: () => ReadonlyMap<string, string>;
  /** Forgets every upload key: the next upload sends every file again. */
  forgetUploads: () => void;
}

let nextLocalId = 0;
const localId = () => `new-${Date.now().toString(36)}-${(nextLocalId++).toString(36)}`;

/**
 * The browser half of an editor's media list (main pages and explore): object URLs of chosen files (revoked
 * when dropped and on unmount), files prepared for upload, the upload loop with progress and the key of each
 * uploaded file.
 */
export function useMediaDraft(): MediaDraft {
  const urls = useRef(new Set<string>());
  const prepared = useRef(new Map<string, PreparedMedia>());
  const uploaded = useRef(new Map<string, string>());

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const preview = useCallback((file: Blob) => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return url;
  }, []);

  const prepare = useCallback(
    async (file: File): Promise<DraftFile> => {
      const media = await prepareMedia(file);
      const id = localId();
      prepared.current.set(id, media);
      return { id, preview: preview(media.blob), media };
    },
    [preview],
  );

  const adopt = useCallback(
    (id: string, media: PreparedMedia) => {
      prepared.current.set(id, media);
      return preview(media.blob);
    },
    [preview],
  );

  const discard = useCallback((id: string, url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
    prepared.current.delete(id);
    uploaded.current.delete(id);
  }, []);

  const releaseUnused = useCallback((inUse: Iterable<string | null | undefined>) => {
    const shown = new Set(inUse);
    for (const url of urls.current) {
      if (!shown.has(url)) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
    }
  }, []);

  const uploadEach: MediaDraft['uploadEach'] = useCallback(async (items, send, events = {}) => {
    for (const item of items) {
      if (uploaded.current.has(item.id)) continue;
      const media = prepared.current.get(item.id) ?? (item.file ? await prepareMedia(item.file) : null);
      if (!media) continue;
      const key = await send(media, item, (fraction) => events.progress?.(item, fraction));
      uploaded.current.set(item.id, key);
      events.uploaded?.(item);
    }
    return uploaded.current;
  }, []);

  return useMemo(
    () => ({
      prepare,
      adopt,
      preparedOf: (id: string) => prepared.current.get(id),
      preview,
      discard,
      releaseUnused,
      uploadEach,
      isUploaded: (id: string) => uploaded.current.has(id),
      keys: () => uploaded.current,
      forgetUploads: () => uploaded.current.clear(),
    }),
    [prepare, adopt, preview, discard, releaseUnused, uploadEach],
  );
}
