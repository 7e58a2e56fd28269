/**
 * Unsaved changes of the main-page editor (issue 19, item 1): the leave guard while anything differs from
 * the loaded page, the text and media list kept as a draft in local storage (new files in IndexedDB) while
 * they differ, and the home view's offer to restore a draft left by an earlier visit.
 */
import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import type { MediaContentType } from '@shared/media';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type DraftMediaEntry, type KeptFile, readDraftFiles } from '@/lib/drafts/draft-files';
import { readDraft, removeDraft, type StoredDraft } from '@/lib/drafts/draft-store';
import { useDraftFiles } from '@/lib/drafts/use-draft-files';
import { useDraftWriter } from '@/lib/drafts/use-draft-writer';
import { captionFileId, storedWords, type WordsDraft } from '@/lib/media/media-words';
import type { MediaDraft } from '@/lib/media/use-media-draft';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { type FormMediaItem, initialContent } from '../utils/page-form';

export interface MainPageDraft {
  /** The page being edited; null for a new page. */
  pageId: string | null;
  templateType: string;
  content: Record<string, string>;
  /** The media list in order with its words (absent in drafts written before media was kept). */
  media?: DraftMediaEntry[];
}

const entryOf = (item: FormMediaItem): DraftMediaEntry => ({
  id: item.id,
  existingMediaId: item.isExisting ? (item.existingMediaId ?? null) : null,
  type: item.type,
  words: item.words,
});

/**
 * Whether the media list differs from the page's saved one: a file added or removed, a new order, or an item's
 * words (alt text, decorative choice, caption) edited.
 */
export function mediaChanged(page: Pick<CharityPage, 'media'> | null, media: readonly FormMediaItem[]) {
  const key = (id: string, w: WordsDraft) =>
    `${id}:${w.decorative ? '' : w.alt.trim()}:${w.decorative}:${w.caption.trim()}:${captionFileId(w)}`;
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
  draft,
  paused,
}: {
  accountId: string;
  template: PageTemplateItem;
  page: CharityPage | null;
  content: Record<string, string>;
  media: readonly FormMediaItem[];
  /** The editor's chosen files (their prepared blobs are kept with the draft). */
  draft: MediaDraft;
  /** While a restored draft's files are read back. */
  paused: boolean;
}) {
  const dirty =
    JSON.stringify(content) !== JSON.stringify(initialContent(template, page)) || mediaChanged(page, media);
  const data: MainPageDraft = {
    pageId: page?.id ?? null,
    templateType: template.template_type,
    content,
    media: media.map(entryOf),
  };
  // The new items, as `id/name` lines: the kept files change only when these do.
  const newItems = media
    .flatMap((item) => (item.isExisting ? [] : [`${item.id}/${item.fileName ?? ''}`]))
    .join('\n');
  const files = useMemo(() => {
    const kept = new Map<string, KeptFile>();
    for (const line of newItems ? newItems.split('\n') : []) {
      const id = line.slice(0, line.indexOf('/'));
      const name = line.slice(line.indexOf('/') + 1);
      const prepared = draft.preparedOf(id);
      if (prepared) kept.set(id, { blob: prepared.blob, name, type: prepared.contentType });
    }
    return kept;
  }, [newItems, draft]);
  const filesState = useDraftFiles({ accountId, form: 'main-page', files, paused: paused || !dirty });
  const { clear } = useDraftWriter({ accountId, form: 'main-page', data, dirty, paused, files: filesState });
  useUnsavedChanges(dirty, clear);
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

/**
 * After Restore: the draft's media list back in its order with its words, saved items found in the page's
 * own list (`loaded`), new ones from their kept files (shown from object URLs, uploaded on save as usual).
 * Reads the draft once, on mount, before the editor writes over it. `restoring` is true until it is done.
 */
export function useRestoredPageMedia({
  accountId,
  active,
  loaded,
  draft,
  apply,
}: {
  accountId: string;
  /** Whether the editor opened from Restore. */
  active: boolean;
  loaded: readonly FormMediaItem[];
  draft: MediaDraft;
  apply: (items: FormMediaItem[]) => void;
}) {
  const [entries] = useState(() =>
    active ? (readDraft<MainPageDraft>(accountId, 'main-page')?.data.media ?? null) : null,
  );
  const [restoring, setRestoring] = useState(entries !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the draft read on mount
  useEffect(() => {
    if (!entries) return;
    let live = true;
    void readDraftFiles(accountId, 'main-page').then((files) => {
      if (!live) return;
      const items = entries.flatMap((entry): FormMediaItem[] => {
        if (entry.existingMediaId) {
          const saved = loaded.find((item) => item.existingMediaId === entry.existingMediaId);
          return saved ? [{ ...saved, words: entry.words }] : [];
        }
        const file = files.get(entry.id);
        if (!file) return [];
        const preview = draft.adopt(entry.id, {
          blob: file.blob,
          contentType: file.type as MediaContentType,
          mediaType: entry.type,
        });
        return [
          {
            id: entry.id,
            type: entry.type,
            preview,
            isExisting: false,
            fileName: file.name,
            words: entry.words,
          },
        ];
      });
      apply(items);
      setRestoring(false);
    });
    return () => {
      live = false;
    };
  }, []);
  return restoring;
}
