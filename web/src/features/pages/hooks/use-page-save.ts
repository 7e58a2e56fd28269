import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { useRef, useState } from 'react';
import { NoSessionError } from '@/features/charity-auth';
import { isApiError, messageOf } from '@/lib/api';
import { uploadCaptionFiles } from '@/lib/media/caption-files';
import type { MediaDraft } from '@/lib/media/use-media-draft';
import type { UploadableFile } from '@/lib/media-upload';
import { createPage, updatePage, uploadPageFile } from '../api/pages-api';
import type { UploadProgressItem } from '../components/page-dialogs';
import { type FormMediaItem, mediaRefs, SaveMessage, type TemplateField } from '../utils/page-form';

type Dialog = 'none' | 'name' | 'confirm';

interface PageSaveInput {
  template: PageTemplateItem;
  /** The page being edited; null for a new page. */
  page: CharityPage | null;
  fields: readonly TemplateField[];
  content: Record<string, string>;
  media: readonly FormMediaItem[];
  draft: MediaDraft;
  onSaved: (page: CharityPage) => Promise<void> | void;
  /** A problem the server found in the form (a content field or `media`): shown and focused on that field. */
  onFieldError: (field: string, message: string) => void;
}

/**
 * Saving a main page: 'Name Your Page' (new) or 'Confirm Upload' (edit), then each new file uploaded with its
 * own progress bar, then the page saved. Form problems go back to their field; others stay in the dialog.
 */
export function usePageSave({
  template,
  page,
  fields,
  content,
  media,
  draft,
  onSaved,
  onFieldError,
}: PageSaveInput) {
  const [dialog, setDialog] = useState<Dialog>('none');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [nameError, setNameError] = useState<{ name: string; message: string } | null>(null);
  const [progress, setProgress] = useState<UploadProgressItem[]>([]);
  /** The new page's id, given by its first upload. */
  const newPageId = useRef<string | undefined>(undefined);

  const open = () => {
    setFailure(null);
    setFormFailure(null);
    setNameError(null);
    setProgress([]);
    setDialog(page ? 'confirm' : 'name');
  };

  const close = () => {
    if (busy) return;
    setDialog('none');
    setFailure(null);
    setProgress([]);
  };

  /** Uploads one of the page's files; a new page's first upload gives the page its id. */
  const upload = async (file: UploadableFile, onProgress?: (fraction: number) => void) => {
    const result = await uploadPageFile({ media: file, pageId: page?.id ?? newPageId.current, onProgress });
    if (!page && !newPageId.current) newPageId.current = result.pageId;
    return result.key;
  };

  /** Shows a failed upload; no session is the save's own failure (nothing was sent). */
  const uploadFailed = (error: unknown) => {
    if (error instanceof NoSessionError) throw error;
    setFailure(SaveMessage.uploadFailed(messageOf(error)));
  };

  /** Uploads the new files not uploaded yet, one after another; false when one failed (message shown). */
  const uploadNew = async (): Promise<boolean> => {
    const pending = media.filter((item) => !item.isExisting && !draft.isUploaded(item.id));
    const labelOf = (item: FormMediaItem) => {
      const position = media.indexOf(item) + 1;
      return `${item.type === 'video' ? 'Video' : 'Photo'} ${position}${item.fileName ? ` (${item.fileName})` : ''}`;
    };
    setProgress(pending.map((item) => ({ id: item.id, label: labelOf(item), fraction: 0 })));
    const setFraction = (item: FormMediaItem, fraction: number) =>
      setProgress((items) => items.map((p) => (p.id === item.id ? { ...p, fraction } : p)));
    try {
      await draft.uploadEach(pending, (file, _item, onProgress) => upload(file, onProgress), {
        progress: setFraction,
        uploaded: (item) => setFraction(item, 1),
      });
      return true;
    } catch (error) {
      uploadFailed(error);
      return false;
    }
  };

  /** Uploads the caption files chosen for videos (small: no progress of their own); null when one failed. */
  const uploadCaptions = async () => {
    try {
      return await uploadCaptionFiles(media, (file) => upload(file));
    } catch (error) {
      uploadFailed(error);
      return null;
    }
  };

  const save = async (name?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      if (!(await uploadNew())) return;
      const captionFiles = await uploadCaptions();
      if (!captionFiles) return;
      const body = {
        content: Object.fromEntries(fields.map(({ name: field }) => [field, (content[field] ?? '').trim()])),
        media: mediaRefs(media, draft.keys(), captionFiles),
      };
      let saved: CharityPage;
      try {
        const result = page
          ? await updatePage({ pageId: page.id, ...body })
          : await createPage({
              ...(newPageId.current ? { pageId: newPageId.current } : {}),
              name: name ?? '',
              template_type: template.template_type,
              ...body,
            });
        saved = result.page;
      } catch (error) {
        if (isApiError(error) && error.field === 'name' && name !== undefined) {
          setNameError({ name, message: error.message });
          return;
        }
        const message = SaveMessage.saveFailed(messageOf(error));
        // Content problems come back as `content.<field>`; media problems as `media` (or `media.<n>.alt`).
        const field = isApiError(error)
          ? error.field?.replace(/^content\./, '').replace(/^media\..*$/, 'media')
          : undefined;
        if (field === 'media' && isApiError(error) && error.code.startsWith('UPLOAD_')) {
          // An upload the server no longer takes: the next try uploads the files again.
          draft.forgetUploads();
        }
        if (field && (field === 'media' || fields.some((f) => f.name === field))) {
          // The problem is in the form: close the dialog and show it on its field.
          onFieldError(field, messageOf(error));
          setFormFailure(message);
          setDialog('none');
          setProgress([]);
          return;
        }
        setFailure(message);
        return;
      }
      setDialog('none');
      await onSaved(saved);
    } catch (error) {
      if (!(error instanceof NoSessionError)) throw error;
      setProgress([]);
      setFailure(SaveMessage.saveFailed(SaveMessage.sessionExpired));
    } finally {
      setBusy(false);
    }
  };

  return { dialog, busy, failure, formFailure, setFormFailure, nameError, progress, open, close, save };
}
