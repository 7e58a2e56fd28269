/**
 * The files of a draft (issue 19, item 1): photos and videos chosen in the main-page editor or the explore
 * form but not uploaded yet, kept in IndexedDB so a reload loses nothing. The draft's text, media order and
 * words stay in local storage (`draft-store.ts`); this store only holds each new item's file, under
 * `<charity id>:<form>:<item id>`, written once when the item is chosen. The same rules remove both: save,
 * Cancel, Discard, "Leave without saving" and Sign Out (through `removeDraft` and `removeDraftsOf`).
 *
 * Capped at the editors' own limits (21 files: 20 feed items and the grid image; 100 MB a file). Anything
 * refused (no IndexedDB, a private window, a quota error, over the cap) makes the draft text-only again and
 * the restore offer says so.
 */
import { MAX_VIDEO_BYTES } from '@shared/media';
import { DEVICE_STORAGE } from '../device-storage';
import type { WordsDraft } from '../media/media-words';
import type { DraftForm } from './draft-store';

/** One kept file: the blob and what is needed to show and upload it again. */
export interface KeptFile {
  blob: Blob;
  name: string;
  type: string;
}

/** An item of a draft's media list, in order: a saved item (by its media id) or a new one (its file kept here). */
export interface DraftMediaEntry {
  /** The item's id in the form (a new item's file is kept under it). */
  id: string;
  existingMediaId: string | null;
  type: 'image' | 'video';
  words: WordsDraft;
}

/** What became of a draft's new files: none chosen, all kept, or not kept (the offer says to choose again). */
export type DraftFilesState = 'none' | 'kept' | 'lost';

export const MAX_KEPT_FILES = 21;
export const MAX_KEPT_FILE_BYTES = MAX_VIDEO_BYTES;

const DB_NAME = DEVICE_STORAGE.draftFiles.name;
const STORE = 'files';

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = window.indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then((db) => {
    if (!db) opening = null;
    return db;
  });
  return opening;
}

const prefixOf = (accountId: string, form?: DraftForm) => `${accountId}:${form ? `${form}:` : ''}`;
const rangeOf = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** Runs one read-write or read-only transaction; resolves false when anything refuses (quota included). */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => (() => T) | undefined,
): Promise<{ ok: boolean; value?: T }> {
  const db = await openDb();
  if (!db) return { ok: false };
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve({ ok: true, value: result?.() });
      tx.onerror = () => resolve({ ok: false });
      tx.onabort = () => resolve({ ok: false });
    } catch {
      resolve({ ok: false });
    }
  });
}

/**
 * Makes the kept files of a form exactly `files` (item id to file): stores the ones not kept yet (`known` lists
 * the ids already stored by this page) and removes the rest. Resolves false when a file is over the cap or
 * the browser refuses (the caller then keeps the draft text-only).
 */
export async function syncDraftFiles(
  accountId: string,
  form: DraftForm,
  files: ReadonlyMap<string, KeptFile>,
  known: ReadonlySet<string>,
): Promise<boolean> {
  if (files.size > MAX_KEPT_FILES) return false;
  if ([...files.values()].some((file) => file.blob.size > MAX_KEPT_FILE_BYTES)) return false;
  const prefix = prefixOf(accountId, form);
  const stale = await inStore('readonly', (store) => {
    const request = store.getAllKeys(rangeOf(prefix));
    return () => request.result as string[];
  });
  if (!stale.ok) return false;
  const wanted = new Set([...files.keys()].map((id) => `${prefix}${id}`));
  const result = await inStore('readwrite', (store) => {
    for (const key of stale.value ?? []) if (!wanted.has(key)) store.delete(key);
    for (const [id, file] of files) if (!known.has(id)) store.put(file, `${prefix}${id}`);
    return undefined;
  });
  return result.ok;
}

/** The kept files of a form, by item id (empty when none or unavailable). */
export async function readDraftFiles(accountId: string, form: DraftForm): Promise<Map<string, KeptFile>> {
  const prefix = prefixOf(accountId, form);
  const read = await inStore('readonly', (store) => {
    const keys = store.getAllKeys(rangeOf(prefix));
    const values = store.getAll(rangeOf(prefix));
    return () => ({ keys: keys.result as string[], values: values.result as KeptFile[] });
  });
  const found = new Map<string, KeptFile>();
  read.value?.keys.forEach((key, i) => {
    const file = read.value?.values[i];
    if (file?.blob instanceof Blob) found.set(key.slice(prefix.length), file);
  });
  return found;
}

/** Removes the kept files of one form of an account, or (no form) of every form of it: sign-out. */
export function removeDraftFiles(accountId: string, form?: DraftForm): Promise<boolean> {
  if (typeof window === 'undefined' || !('indexedDB' in window)) return Promise.resolve(true);
  return inStore('readwrite', (store) => {
    store.delete(rangeOf(prefixOf(accountId, form)));
    return undefined;
  }).then((r) => r.ok);
}
