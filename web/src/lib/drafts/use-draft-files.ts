import { useEffect, useRef, useState } from 'react';
import { type DraftFilesState, type KeptFile, syncDraftFiles } from './draft-files';
import type { DraftForm } from './draft-store';

/**
 * Keeps a form's new files (item id to file) in IndexedDB while its draft is kept: each file is stored once,
 * when it is chosen, and dropped when its item goes. Returns what became of them for the draft's record:
 * 'none', 'kept', or 'lost' (not stored yet, or refused: the offer then says to choose them again).
 * While `paused` (an offer waits, a restore is reading the files back) nothing is written or removed.
 */
export function useDraftFiles({
  accountId,
  form,
  files,
  paused = false,
}: {
  accountId: string;
  form: DraftForm;
  files: ReadonlyMap<string, KeptFile>;
  paused?: boolean;
}): DraftFilesState {
  const known = useRef(new Set<string>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(files);
  latest.current = files;
  const ids = [...files.keys()].join('|');
  const [stored, setStored] = useState<{ ids: string; ok: boolean } | null>(null);

  useEffect(() => {
    if (paused) return;
    queue.current = queue.current.then(async () => {
      const now = latest.current;
      if (now.size === 0 && known.current.size === 0) return setStored({ ids, ok: true });
      const ok = await syncDraftFiles(accountId, form, now, known.current);
      known.current = ok ? new Set(now.keys()) : new Set();
      setStored({ ids, ok });
    });
  }, [accountId, form, ids, paused]);

  if (files.size === 0) return 'none';
  return stored?.ids === ids && stored.ok ? 'kept' : 'lost';
}
