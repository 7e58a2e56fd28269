/**
 * Unsaved changes of the explore form (issue 19, item 1): the leave guard while anything differs from the
 * saved page, both descriptions kept as a draft in local storage while they differ, and the offer to restore
 * a draft left by an earlier visit.
 */
import { useCallback, useState } from 'react';
import { readDraft, removeDraft, type StoredDraft } from '@/lib/drafts/draft-store';
import { useDraftWriter } from '@/lib/drafts/use-draft-writer';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import type { ExploreDraft } from '../utils/explore-form';

export interface ExploreTextDraft {
  shortDescription: string;
  longDescription: string;
}

const textOf = (draft: ExploreDraft): ExploreTextDraft => ({
  shortDescription: draft.shortDescription,
  longDescription: draft.longDescription,
});

const sameText = (a: ExploreTextDraft, b: ExploreTextDraft) =>
  a.shortDescription === b.shortDescription && a.longDescription === b.longDescription;

export function useExploreDraft({
  accountId,
  saved,
  draft,
  changed,
  onRestore,
}: {
  accountId: string;
  saved: ExploreDraft;
  draft: ExploreDraft;
  /** Anything differs from the saved page (text or media). */
  changed: boolean;
  onRestore: (text: ExploreTextDraft) => void;
}) {
  const [offer, setOffer] = useState<StoredDraft<ExploreTextDraft> | null>(() => {
    const stored = readDraft<ExploreTextDraft>(accountId, 'explore');
    return stored && !sameText(stored.data, textOf(saved)) ? stored : null;
  });
  const text = textOf(draft);
  const textDirty = !sameText(text, textOf(saved));
  const { clear } = useDraftWriter({
    accountId,
    form: 'explore',
    data: text,
    dirty: textDirty,
    paused: !!offer,
  });
  useUnsavedChanges(changed, clear);

  const restore = useCallback(() => {
    if (offer) onRestore(offer.data);
    setOffer(null);
  }, [offer, onRestore]);
  const discard = useCallback(() => {
    removeDraft(accountId, 'explore');
    setOffer(null);
  }, [accountId]);
  return { offer, restore, discard };
}
