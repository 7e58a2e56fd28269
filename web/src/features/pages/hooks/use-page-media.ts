import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { mediaUrl } from '@shared/media';
import { PageMessage } from '@shared/pages';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { messageOf } from '@/lib/api';
import { EMPTY_WORDS } from '@/lib/media/media-words';
import { useMediaDraft } from '@/lib/media/use-media-draft';
import { fileProblem } from '@/lib/media-upload';
import { existingMediaItems, type FormMediaItem, fitToCapacity } from '../utils/page-form';
import { useRestoredPageMedia } from './use-page-draft';

/** The photos and videos of a main page being edited: the saved ones, then files chosen and prepared here. */
export function usePageMedia({
  template,
  page,
  restoreFor = null,
  onChange,
}: {
  template: PageTemplateItem;
  page: CharityPage | null;
  /** The account whose draft's media list to bring back (the editor opened from Restore). */
  restoreFor?: string | null;
  /** After files are added (a server problem about media no longer applies). */
  onChange: () => void;
}) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const draft = useMediaDraft();
  const loaded = useCallback(
    () => (page ? existingMediaItems(page, (path) => mediaUrl(mediaBaseUrl, path)) : []),
    [page, mediaBaseUrl],
  );
  const [media, setMedia] = useState<FormMediaItem[]>(loaded);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const max = template.max_media_files;
  const restoring = useRestoredPageMedia({
    accountId: restoreFor ?? '',
    active: restoreFor !== null,
    loaded: media,
    draft,
    apply: setMedia,
  });

  const drop = (item: FormMediaItem) => {
    if (!item.isExisting) draft.discard(item.id, item.preview);
  };

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    // Type and size are checked the moment files are chosen, before anything is prepared or named.
    const errors: string[] = files.flatMap((file) => {
      const problem = fileProblem(file);
      return problem ? [`${file.name}: ${problem}`] : [];
    });
    const { accepted, dropped } = fitToCapacity(
      files.filter((file) => fileProblem(file) === null),
      media.length,
      max,
    );
    if (dropped > 0) {
      errors.push(
        `${PageMessage.TooManyMedia(max)} ${dropped} ${dropped === 1 ? 'file was' : 'files were'} not added.`,
      );
    }
    setPreparing(true);
    const added: FormMediaItem[] = [];
    for (const file of accepted) {
      try {
        const ready = await draft.prepare(file);
        added.push({
          id: ready.id,
          type: ready.media.mediaType,
          preview: ready.preview,
          isExisting: false,
          fileName: file.name,
          words: EMPTY_WORDS,
        });
      } catch (error) {
        errors.push(`${file.name}: ${messageOf(error)}`);
      }
    }
    setMedia((current) => [...current, ...added]);
    setFileErrors(errors);
    setPreparing(false);
    onChange();
  };

  /** The list reordered, an item's words edited, or an item removed (`removed`). */
  const change = (next: FormMediaItem[], removed?: FormMediaItem) => {
    if (removed) {
      drop(removed);
      setFileErrors([]);
    }
    setMedia(next);
  };

  /** The last loaded media again. */
  const restore = () => {
    for (const item of media) drop(item);
    setMedia(loaded());
    setFileErrors([]);
  };

  const removedCount = page
    ? page.media.filter((m) => !media.some((i) => i.existingMediaId === m.id)).length
    : 0;

  return {
    draft,
    media,
    max,
    fileErrors,
    preparing: preparing || restoring,
    restoring,
    removedCount,
    addFiles,
    change,
    restore,
  };
}
