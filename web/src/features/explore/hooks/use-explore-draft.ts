/**
 * Unsaved changes of the explore form (issue 19, item 1): the leave guard while anything differs from the
 * saved page, both descriptions and the media (order, words; new files in IndexedDB) kept as a draft while
 * anything differs, and the offer to restore a draft left by an earlier visit.
 */
import { useCallback, useMemo, useState } from 'react';
import { type DraftMediaEntry, type KeptFile, readDraftFiles } from '@/lib/drafts/draft-files';
import { readDraft, removeDraft, type StoredDraft } from '@/lib/drafts/draft-store';
import { useDraftFiles } from '@/lib/drafts/use-draft-files';
import { useDraftWriter } from '@/lib/drafts/use-draft-writer';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import type { ExploreDraft, FormMedia } from '../utils/explore-form';

export interface ExploreTextDraft {
  shortDescription: string;
  longDescription: string;
  /** The grid image and the feed with their words (absent in drafts written before media was kept). */
  grid?: DraftMediaEntry | null;
  feed?: DraftMediaEntry[];
}

const entryOf = (item: FormMedia): DraftMediaEntry => ({
  id: item.id,
  existingMediaId: item.existingMediaId,
  type: item.type,
  words: item.words,
});

const dataOf = (draft: ExploreDraft): ExploreTextDraft => ({
  shortDescription: draft.shortDescription,
  longDescription: draft.longDescription,
  grid: draft.grid ? entryOf(draft.grid) : null,
  feed: draft.feed.map(entryOf),
});

/** Whether a stored draft differs from the saved page (a draft left before a save elsewhere is not offered). */
const differs = (a: ExploreTextDraft, b: ExploreTextDraft) =>
  a.shortDescription !== b.shortDescription ||
  a.longDescription !== b.longDescription ||
  (a.feed !== undefined && JSON.stringify([a.grid, a.feed]) !== JSON.stringify([b.grid, b.feed]));

/** A draft's media item again: a saved one found in the saved page, a new one from its kept file. */
function itemOf(
  entry: DraftMediaEntry,
  saved: ExploreDraft,
  files: ReadonlyMap<string, KeptFile>,
  preview: (file: Blob) => string,
): FormMedia | null {
  if (entry.existingMediaId) {
    const found = [saved.grid, ...saved.feed].find((item) => item?.existingMediaId === entry.existingMediaId);
    return found ? { ...found, words: entry.words } : null;
  }
  const kept = files.get(entry.id);
  if (!kept) return null;
  const file = new File([kept.blob], kept.name, { type: kept.type });
  return {
    id: entry.id,
    file,
    preview: preview(file),
    type: entry.type,
    isExisting: false,
    existingMediaId: null,
    filePath: null,
    words: entry.words,
  };
}

export function useExploreDraft({
  accountId,
  saved,
  draft,
  changed,
  preview,
  onRestore,
}: {
  accountId: string;
  saved: ExploreDraft;
  draft: ExploreDraft;
  /** Anything differs from the saved page (text or media). */
  changed: boolean;
  /** Shows a restored file from an object URL the editor owns. */
  preview: (file: Blob) => string;
  onRestore: (next: Partial<ExploreDraft>) => void;
}) {
  const [offer, setOffer] = useState<StoredDraft<ExploreTextDraft> | null>(() => {
    const stored = readDraft<ExploreTextDraft>(accountId, 'explore');
    return stored && differs(stored.data, dataOf(saved)) ? stored : null;
  });
  const [restoring, setRestoring] = useState(false);
  const paused = !!offer || restoring;
  const newItems = [draft.grid, ...draft.feed].filter((item): item is FormMedia => !!item?.file);
  const newIds = newItems.map((item) => item.id).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the files change only when new items do
  const files = useMemo(
    () =>
      new Map<string, KeptFile>(
        newItems.map((item) => [
          item.id,
          { blob: item.file as File, name: (item.file as File).name, type: (item.file as File).type },
        ]),
      ),
    [newIds],
  );
  const filesState = useDraftFiles({ accountId, form: 'explore', files, paused: paused || !changed });
  const { clear } = useDraftWriter({
    accountId,
    form: 'explore',
    data: dataOf(draft),
    dirty: changed,
    paused,
    files: filesState,
  });
  useUnsavedChanges(changed, clear);

  const restore = useCallback(() => {
    if (!offer) return;
    const { shortDescription, longDescription, grid, feed } = offer.data;
    setOffer(null);
    if (feed === undefined) {
      onRestore({ shortDescription, longDescription });
      return;
    }
    setRestoring(true);
    void readDraftFiles(accountId, 'explore').then((kept) => {
      onRestore({
        shortDescription,
        longDescription,
        grid: grid ? itemOf(grid, saved, kept, preview) : null,
        feed: feed.flatMap((entry) => itemOf(entry, saved, kept, preview) ?? []),
      });
      setRestoring(false);
    });
  }, [offer, onRestore, accountId, saved, preview]);
  const discard = useCallback(() => {
    removeDraft(accountId, 'explore');
    setOffer(null);
  }, [accountId]);
  return { offer, restore, discard, files: offer?.files ?? 'none' };
}
