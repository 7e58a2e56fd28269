import { useCallback, useEffect, useRef } from 'react';
import type { DraftFilesState } from './draft-files';
import { type DraftForm, removeDraft, writeDraft } from './draft-store';

/**
 * Keeps a form's draft in local storage while it is dirty, and removes the draft it wrote once the form is
 * clean again (saved, cancelled). While `paused` (a restore offer is waiting for an answer) it neither writes
 * nor removes, so an offered draft is not overwritten by a form the charity has not touched yet.
 * `clear()` removes the draft now (after a save that unmounts the form).
 */
export function useDraftWriter<T>({
  accountId,
  form,
  data,
  dirty,
  paused = false,
  files = 'none',
}: {
  accountId: string;
  form: DraftForm;
  data: T;
  dirty: boolean;
  paused?: boolean;
  /** What became of the draft's new files (`useDraftFiles`). */
  files?: DraftFilesState;
}): { clear: () => void } {
  const wrote = useRef(false);
  const serialised = JSON.stringify(data);

  useEffect(() => {
    if (paused) return;
    if (dirty) {
      writeDraft(accountId, form, JSON.parse(serialised) as T, new Date(), files);
      wrote.current = true;
    } else if (wrote.current) {
      removeDraft(accountId, form);
      wrote.current = false;
    }
  }, [accountId, form, serialised, dirty, paused, files]);

  const clear = useCallback(() => {
    removeDraft(accountId, form);
    wrote.current = false;
  }, [accountId, form]);

  return { clear };
}
