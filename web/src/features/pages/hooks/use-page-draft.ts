/**
 * Unsaved changes of the main-page editor (issue 19, item 1): the leave guard while anything differs from
 * the loaded page, the text kept as a draft in local storage while it differs, and the home view's offer to
 * restore a draft left by an earlier visit.
 */
import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { useCallback, useEffect, useState } from 'react';
import { readDraft, removeDraft, type StoredDraft } from '@/lib/drafts/draft-store';
import { useDraftWriter } from '@/lib/drafts/use-draft-writer';
import { storedWords, type WordsDraft } from '@/lib/media/media-words';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { type FormMediaItem, initialContent } from '../utils/page-form';

export interface MainPageDraft {
  /** The page being edited; null for a new page. */
  pageId: string | null;
  templateType: string;
  content: Record<string, string>;
}

/**
 * Whether the media list differs from the page's saved one: a file added or removed, a new order, or an item's
 * words (alt text, decorative choice, caption) edited.
 */
export function mediaChanged(page: Pick<CharityPage, 'media'> | null, media: readonly FormMediaItem[]) {
  const key = (id: string, w: WordsDraft) =>
    `${id}:${w.decorative ? '' : w.alt.trim()}:${w.decorative}:${w.caption.trim()}`;
  const saved = page
    ? [...page.media].sort((a, b) => a.display_order - b.display_order).map((m) => key(m.id, storedWords(m)))
    : [];
  const now = media.map((item) =>
    key(item.isExisting ? (item.existingMediaId ?? '') : `new:${item.id}`, item.words),
  );
  return saved.join('|') !== now.join('|');
}

/** The editor's guard and draft; `clear()` drops the draft (after a save). */
export function usePageEditorDraft({
  accountId,
  template,
  page,
  content,
  media,
}: {
  accountId: string;
  template: PageTemplateItem;
  page: CharityPage | null;
  content: Record<string, string>;
  media: readonly FormMediaItem[];
}) {
  const textDirty = JSON.stringify(content) !== JSON.stringify(initialContent(template, page));
  const data: MainPageDraft = { pageId: page?.id ?? null, templateType: template.template_type, content };
  const { clear } = useDraftWriter({ accountId, form: 'main-page', data, dirty: textDirty });
  useUnsavedChanges(textDirty || mediaChanged(page, media), clear);
  return { clear };
}

/** The home view's offer: the stored draft (read again each time the home view shows), or null. */
export function usePageDraftOffer(accountId: string, atHome: boolean) {
  const [offer, setOffer] = useState<StoredDraft<MainPageDraft> | null>(null);
  useEffect(() => {
    if (atHome) setOffer(readDraft<MainPageDraft>(accountId, 'main-page'));
  }, [accountId, atHome]);
  const discard = useCallback(() => {
    removeDraft(accountId, 'main-page');
    setOffer(null);
  }, [accountId]);
  const taken = useCallback(() => setOffer(null), []);
  return { offer, discard, taken };
}
