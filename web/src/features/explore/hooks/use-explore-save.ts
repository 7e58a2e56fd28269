import type { ExplorePage } from '@shared/api/schemas/explore';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api';
import { uploadCaptionFiles } from '@/lib/media/caption-files';
import type { MediaDraft } from '@/lib/media/use-media-draft';
import { cleanupGridMedia, saveExplorePage, uploadExploreFile } from '../api/explore-api';
import {
  type ExploreDraft,
  overallProgress,
  pendingUploads,
  replacedGridPath,
  saveMediaRefs,
} from '../utils/explore-form';

/** The spec's save failure (section 8), with the reason. */
export const saveFailed = (message: string) => `Failed to upload explore page data: ${message}`;
/** How long the saved message stays (spec, section 9: success messages 3 s). */
const SAVED_MESSAGE_MS = 3000;

type Saving =
  | { phase: 'idle' }
  | { phase: 'uploading'; done: number; total: number; fraction: number }
  | { phase: 'saving' };

interface ExploreSaveInput {
  saved: ExploreDraft;
  draft: ExploreDraft;
  media: MediaDraft;
  /** The saved page, in the same render as the confirmation closes. */
  onSaved: (page: ExplorePage) => void;
}

/**
 * Saving the explore page after 'Confirm Changes': the new grid file, then each new feed file, uploaded one
 * after another with one progress bar, then the page saved and the replaced grid file cleaned up.
 */
export function useExploreSave({ saved, draft, media, onSaved }: ExploreSaveInput) {
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [serverField, setServerField] = useState<{ field: string; message: string } | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(''), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const save = async () => {
    setError(null);
    const uploads = pendingUploads(draft);
    const newGrid = draft.grid && !draft.grid.isExisting ? draft.grid : null;
    const total = uploads.length + (newGrid ? 1 : 0);
    try {
      const upload = async (...args: Parameters<typeof uploadExploreFile>) =>
        (await uploadExploreFile(...args)).key;
      let done = 0;
      setSaving({ phase: 'uploading', done, total, fraction: 0 });
      const progress = (fraction: number) => setSaving({ phase: 'uploading', done, total, fraction });
      const pending = [
        ...(newGrid ? [{ id: newGrid.id, file: newGrid.file, position: undefined }] : []),
        ...uploads.map(({ item, position }) => ({ id: item.id, file: item.file, position })),
      ];
      // Every save uploads its new files (a failed save keeps nothing).
      media.forgetUploads();
      const keys = await media.uploadEach(
        pending,
        (file, item, onProgress) => upload(file, item.position, onProgress),
        {
          progress: (_item, fraction) => progress(fraction),
          uploaded: (item) => {
            done += 1;
            if (item.position !== undefined) progress(0);
          },
        },
      );
      // Caption files of videos (small: no progress of their own), under the same purpose and position.
      const items = [
        ...(draft.grid ? [{ ...draft.grid, position: undefined }] : []),
        ...draft.feed.map((item, index) => ({ ...item, position: index + 1 })),
      ];
      const captionFiles = await uploadCaptionFiles(items, (file, item) => upload(file, item.position));
      setSaving({ phase: 'saving' });
      const refs = saveMediaRefs(draft, keys, captionFiles);
      const { explore } = await saveExplorePage({
        short_description: draft.shortDescription,
        long_description: draft.longDescription,
        ...(refs.grid ? { grid: refs.grid } : {}),
        feed: refs.feed,
      });
      const oldGrid = replacedGridPath(saved, draft);
      if (oldGrid) {
        // Idempotent clean-up of the replaced grid file; a failure is not a failed save.
        cleanupGridMedia({ explorePageId: explore.id, oldFilePath: oldGrid }).catch((caught: unknown) =>
          console.warn('Grid media clean-up failed', caught),
        );
      }
      setConfirming(false);
      setSaving({ phase: 'idle' });
      setNotice('Your explore page has been saved.');
      onSaved(explore);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      if (isApiError(caught) && caught.field) setServerField({ field: caught.field, message });
      setConfirming(false);
      setSaving({ phase: 'idle' });
      setError(saveFailed(message));
    }
  };

  const progressValue =
    saving.phase === 'uploading'
      ? overallProgress(saving.done, saving.fraction, saving.total)
      : saving.phase === 'saving'
        ? 1
        : 0;
  const progressText =
    saving.phase === 'uploading'
      ? saving.total > 0
        ? `Uploading file ${Math.min(saving.done + 1, saving.total)} of ${saving.total}...`
        : 'Preparing...'
      : 'Saving your explore page...';

  /** A change to the draft: the last failure no longer applies. */
  const clearFailure = () => {
    setError(null);
    setServerField(null);
  };

  return {
    busy: saving.phase !== 'idle',
    confirming,
    setConfirming,
    error,
    setError,
    serverField,
    clearFailure,
    notice,
    progressValue,
    progressText,
    save,
  };
}
