/**
 * Drafts of the main-page editor and the explore form, kept in local storage so an accidental reload loses
 * nothing (issue 19, item 1). One key per charity account and form (`kindred:draft:<charity id>:<form>`): a
 * draft is only ever offered to the account that wrote it, and signing out removes that account's drafts.
 * Chosen files are kept apart, in IndexedDB (`draft-files.ts`); removing a draft removes its files too.
 */
import { DEVICE_STORAGE } from '../device-storage';
import { type DraftFilesState, removeDraftFiles } from './draft-files';

export type DraftForm = 'main-page' | 'explore';

export interface StoredDraft<T> {
  /** When it was last written (ISO). */
  savedAt: string;
  /** Whether the draft's new files were kept (absent in drafts written before files were kept: none). */
  files?: DraftFilesState;
  data: T;
}

const PREFIX = DEVICE_STORAGE.draft.name;

export const draftKey = (accountId: string, form: DraftForm) => `${PREFIX}${accountId}:${form}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft<T>(accountId: string, form: DraftForm): StoredDraft<T> | null {
  try {
    const raw = storage()?.getItem(draftKey(accountId, form));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    if (!parsed || typeof parsed.savedAt !== 'string' || !parsed.data) return null;
    return parsed;
  } catch {
    return null;
  }
}

export function writeDraft<T>(
  accountId: string,
  form: DraftForm,
  data: T,
  now = new Date(),
  files: DraftFilesState = 'none',
): void {
  try {
    const draft: StoredDraft<T> = { savedAt: now.toISOString(), files, data };
    storage()?.setItem(draftKey(accountId, form), JSON.stringify(draft));
  } catch {
    // storage full or refused: the unsaved-changes warning still protects the edits
  }
}

export function removeDraft(accountId: string, form: DraftForm): void {
  void removeDraftFiles(accountId, form);
  try {
    storage()?.removeItem(draftKey(accountId, form));
  } catch {
    // nothing to remove
  }
}

/** Removes every draft of one account (on sign-out). */
export function removeDraftsOf(accountId: string): void {
  void removeDraftFiles(accountId);
  const store = storage();
  if (!store) return;
  const prefix = `${PREFIX}${accountId}:`;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) ?? false,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/** When a draft was written, in words: "today at 14:05", otherwise "3 March at 14:05" (local time). */
export function draftTimeInWords(iso: string, now = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'an earlier visit';
  const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeZone }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    date,
  );
  if (day(date) === day(now)) return `today at ${time}`;
  const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone }).format(date);
  return `${dayMonth} at ${time}`;
}
