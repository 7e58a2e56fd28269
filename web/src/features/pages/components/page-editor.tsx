import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CharityPage, PageTemplateItem } from '../../../../../shared/src/api/schemas/pages';
import { mediaUrl } from '../../../../../shared/src/media';
import { PageMessage } from '../../../../../shared/src/pages';
import { describedBy, FieldFrame } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { callApi, isApiError } from '../../../lib/api';
import { MediaFileError, type PreparedMedia, prepareMedia, uploadMedia } from '../../../lib/media-upload';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import {
  acceptFor,
  existingMediaItems,
  type FormMediaItem,
  fitToCapacity,
  initialContent,
  listInWords,
  mediaRefs,
  missingForSave,
  SaveMessage,
  templateFields,
  textareaRows,
} from '../utils/page-form';
import { ConfirmUploadDialog, ErrorNotice, NamePageDialog, type UploadProgressItem } from './page-dialogs';
import { PhonePreview } from './phone-preview';

interface PageEditorProps {
  template: PageTemplateItem;
  /** The page being edited; null for a new page. */
  page: CharityPage | null;
  /** Names of the charity's pages (a new page's name must differ from each). */
  pageNames: readonly string[];
  charityName: string;
  getToken: () => Promise<string | null>;
  onSaved: (page: CharityPage) => Promise<void> | void;
  onBack: () => void;
}

type Dialog = 'none' | 'name' | 'confirm';

let nextLocalId = 0;
const localId = () => `new-${Date.now().toString(36)}-${(nextLocalId++).toString(36)}`;

function messageOf(error: unknown): string {
  if (isApiError(error) || error instanceof MediaFileError) return error.message;
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/**
 * The main-page form ('Customize Your Main Page' or 'Edit Your Main Page') beside a live phone preview.
 * Save opens 'Name Your Page' (new) or 'Confirm Upload' (edit); confirming uploads each new file with its
 * own progress bar, then saves the page.
 */
export function PageEditor({
  template,
  page,
  pageNames,
  charityName,
  getToken,
  onSaved,
  onBack,
}: PageEditorProps) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const id = useId();
  const isNew = page === null;
  const fields = useMemo(() => templateFields(template), [template]);
  const loadedMedia = useCallback(
    () => (page ? existingMediaItems(page, (path) => mediaUrl(mediaBaseUrl, path)) : []),
    [page, mediaBaseUrl],
  );

  const [content, setContent] = useState<Record<string, string>>(() => initialContent(template, page));
  const [media, setMedia] = useState<FormMediaItem[]>(loadedMedia);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>('none');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [nameError, setNameError] = useState<{ name: string; message: string } | null>(null);
  const [progress, setProgress] = useState<UploadProgressItem[]>([]);

  const saveRef = useRef<HTMLButtonElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef<Record<string, HTMLTextAreaElement | HTMLInputElement | null>>({});
  /** Prepared (re-encoded) files of new items, by item id. */
  const prepared = useRef(new Map<string, PreparedMedia>());
  /** Keys of new items already uploaded (a retry does not upload them again), and the new page's id. */
  const uploaded = useRef(new Map<string, string>());
  const newPageId = useRef<string | undefined>(undefined);
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    headingRef.current?.focus();
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const max = template.max_media_files;
  const atCap = media.length >= max;
  const missing = missingForSave({ template, content, mediaCount: media.length, isNew });
  const canSave = missing.length === 0 && !busy && !preparing;
  const newItems = media.filter((item) => !item.isExisting);
  const removedCount = page
    ? page.media.filter((m) => !media.some((i) => i.existingMediaId === m.id)).length
    : 0;
  const otherNames = pageNames;

  const fieldError = (name: string): string | undefined => {
    if (serverFieldErrors[name]) return serverFieldErrors[name];
    const field = fields.find((f) => f.name === name);
    if (field?.required && touched.has(name) && !(content[name] ?? '').trim())
      return PageMessage.FieldRequired(field.definition.label);
    return undefined;
  };

  const dropItem = (item: FormMediaItem) => {
    if (!item.isExisting) {
      URL.revokeObjectURL(item.preview);
      objectUrls.current.delete(item.preview);
      prepared.current.delete(item.id);
      uploaded.current.delete(item.id);
    }
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const { accepted, dropped } = fitToCapacity(files, media.length, max);
    const errors: string[] = [];
    if (dropped > 0) {
      errors.push(
        `${PageMessage.TooManyMedia(max)} ${dropped} ${dropped === 1 ? 'file was' : 'files were'} not added.`,
      );
    }
    setPreparing(true);
    const added: FormMediaItem[] = [];
    for (const file of accepted) {
      try {
        const ready = await prepareMedia(file);
        const itemId = localId();
        const preview = URL.createObjectURL(ready.blob);
        objectUrls.current.add(preview);
        prepared.current.set(itemId, ready);
        added.push({ id: itemId, type: ready.mediaType, preview, isExisting: false, fileName: file.name });
      } catch (error) {
        errors.push(`${file.name}: ${messageOf(error)}`);
      }
    }
    setMedia((current) => [...current, ...added]);
    setFileErrors(errors);
    setPreparing(false);
    setServerFieldErrors(({ media: _media, ...rest }) => rest);
  };

  const removeItem = (item: FormMediaItem) => {
    dropItem(item);
    setMedia((current) => current.filter((m) => m.id !== item.id));
    setFileErrors([]);
  };

  /** Cancel: the last loaded content and media again. */
  const restore = () => {
    for (const item of media) dropItem(item);
    setContent(initialContent(template, page));
    setMedia(loadedMedia());
    setTouched(new Set());
    setServerFieldErrors({});
    setFileErrors([]);
    setFormFailure(null);
  };

  const openSave = () => {
    if (!canSave) return;
    setFailure(null);
    setFormFailure(null);
    setNameError(null);
    setProgress([]);
    setDialog(isNew ? 'name' : 'confirm');
  };

  const closeDialog = () => {
    if (busy) return;
    setDialog('none');
    setFailure(null);
    setProgress([]);
  };

  /** Uploads the new files not uploaded yet, one after another; false when one failed (message shown). */
  const uploadNew = async (token: string): Promise<boolean> => {
    const pending = media.filter((item) => !item.isExisting && !uploaded.current.has(item.id));
    const labelOf = (item: FormMediaItem) => {
      const position = media.indexOf(item) + 1;
      return `${item.type === 'video' ? 'Video' : 'Photo'} ${position}${item.fileName ? ` (${item.fileName})` : ''}`;
    };
    setProgress(pending.map((item) => ({ id: item.id, label: labelOf(item), fraction: 0 })));
    const setFraction = (itemId: string, fraction: number) =>
      setProgress((items) => items.map((p) => (p.id === itemId ? { ...p, fraction } : p)));
    for (const item of pending) {
      const file = prepared.current.get(item.id);
      if (!file) continue;
      try {
        const result = await uploadMedia({
          purpose: 'page',
          media: file,
          token,
          pageId: page?.id ?? newPageId.current,
          onProgress: (fraction) => setFraction(item.id, fraction),
        });
        if (!page && !newPageId.current) newPageId.current = result.pageId;
        uploaded.current.set(item.id, result.key);
        setFraction(item.id, 1);
      } catch (error) {
        setFailure(SaveMessage.uploadFailed(messageOf(error)));
        return false;
      }
    }
    return true;
  };

  const save = async (name?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const token = await getToken();
      if (!token) {
        setFailure(SaveMessage.saveFailed(SaveMessage.sessionExpired));
        return;
      }
      if (!(await uploadNew(token))) return;
      const body = {
        content: Object.fromEntries(fields.map(({ name: field }) => [field, (content[field] ?? '').trim()])),
        media: mediaRefs(media, uploaded.current),
      };
      let saved: CharityPage;
      try {
        const result = page
          ? await callApi('update-page', { pageId: page.id, ...body }, { token })
          : await callApi(
              'create-page',
              {
                ...(newPageId.current ? { pageId: newPageId.current } : {}),
                name: name ?? '',
                template_type: template.template_type,
                ...body,
              },
              { token },
            );
        saved = result.page;
      } catch (error) {
        if (isApiError(error) && error.field === 'name' && name !== undefined) {
          setNameError({ name, message: error.message });
          return;
        }
        const message = SaveMessage.saveFailed(messageOf(error));
        // Content problems come back as `content.<field>`; media problems as `media`.
        const field = isApiError(error) ? error.field?.replace(/^content\./, '') : undefined;
        if (field === 'media' && isApiError(error) && error.code.startsWith('UPLOAD_')) {
          // An upload the server no longer takes: the next try uploads the files again.
          uploaded.current.clear();
        }
        if (field && (field === 'media' || fields.some((f) => f.name === field))) {
          // The problem is in the form: close the dialog and show it on its field.
          setServerFieldErrors((current) => ({ ...current, [field]: messageOf(error) }));
          setFormFailure(message);
          setDialog('none');
          setProgress([]);
          window.setTimeout(
            () => (field === 'media' ? fileInputRef.current : fieldRefs.current[field])?.focus(),
            0,
          );
          return;
        }
        setFailure(message);
        return;
      }
      setDialog('none');
      await onSaved(saved);
    } finally {
      setBusy(false);
    }
  };

  const title = isNew ? 'Customize Your Main Page' : 'Edit Your Main Page';
  const mediaHintId = `${id}-media-hint`;
  const mediaErrorId = `${id}-media-error`;
  const fileInputId = `${id}-files`;
  const missingId = `${id}-missing`;

  return (
    <section className="mp-editor" aria-labelledby={`${id}-title`}>
      <div className="mp-editor__head">
        <div>
          <p className="mp-eyebrow">{template.display_name} template</p>
          <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="mp-editor__title">
            {title}
          </h3>
          {page ? (
            <p className="mp-editor__sub">
              Editing <strong>{page.name}</strong>
              {page.is_live ? ' (your live page)' : ''}
            </p>
          ) : (
            <p className="mp-editor__sub">
              Add your photos and words; the preview shows your page as donors will.
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          <AuthIcon name="back" size={18} />
          Back
        </Button>
      </div>

      <div className="mp-editor__grid">
        <form
          className="mp-form card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            openSave();
          }}
        >
          <div className="mp-display-name">
            <p className="mp-display-name__label">Charity name on your page</p>
            <p className="mp-display-name__value">{charityName}</p>
            <p className="mp-display-name__hint">
              Change it in <Link to={paths.charity.preferences.displayName.getHref()}>Display Name</Link>.
            </p>
          </div>

          <fieldset className="mp-media" aria-describedby={mediaHintId} disabled={busy}>
            <legend className="form-field__label">Photos and videos</legend>
            <p className="form-field__hint" id={mediaHintId}>
              Images or MP4 videos, up to {max}. The first one opens your page.
            </p>
            {media.length ? (
              <ul className="mp-thumbs">
                {media.map((item, i) => {
                  const what = `${item.type === 'video' ? 'video' : 'photo'} ${i + 1}`;
                  return (
                    <li key={item.id} className="mp-thumb">
                      {item.type === 'video' ? (
                        <span className="mp-thumb__media" aria-hidden="true">
                          <video className="mp-thumb__media" src={item.preview} muted preload="metadata" />
                        </span>
                      ) : (
                        <img className="mp-thumb__media" src={item.preview} alt="" />
                      )}
                      <span className="mp-thumb__tag">
                        {i + 1}
                        {item.type === 'video' ? ' · Video' : ''}
                        {item.isExisting ? '' : ' · New'}
                      </span>
                      <button type="button" className="mp-thumb__remove" onClick={() => removeItem(item)}>
                        <AuthIcon name="cross" size={16} />
                        <span className="visually-hidden">Remove {what}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <div className="mp-file">
              <input
                ref={fileInputRef}
                id={fileInputId}
                className="mp-file__input"
                type="file"
                multiple
                accept={acceptFor(template.allowed_media_types)}
                disabled={atCap || busy || preparing}
                aria-describedby={[
                  mediaHintId,
                  fileErrors.length || serverFieldErrors.media ? mediaErrorId : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
                onChange={(event) => void onFiles(event)}
              />
              <label htmlFor={fileInputId} className="button button--secondary button--md mp-file__label">
                {preparing ? 'Preparing...' : atCap ? 'Media limit reached' : 'Add photos or videos'}
              </label>
              <p className="mp-file__count" aria-live="polite">
                {media.length} of {max} added
              </p>
            </div>
            {fileErrors.length || serverFieldErrors.media ? (
              <div className="form-field__error mp-file__errors" id={mediaErrorId} role="alert">
                <AuthIcon name="alert" size={16} className="form-field__error-icon" />
                <ul>
                  {serverFieldErrors.media ? <li>{serverFieldErrors.media}</li> : null}
                  {fileErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </fieldset>

          {fields.map(({ name, definition, required }) => {
            const fieldId = `${id}-${name}`;
            const value = content[name] ?? '';
            const error = fieldError(name);
            const counterId = `${fieldId}-counter`;
            const common = {
              id: fieldId,
              className: 'form-field__input',
              value,
              maxLength: definition.max_length,
              placeholder: definition.placeholder,
              required,
              disabled: busy,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': describedBy(fieldId, null, error, counterId),
              onBlur: () => setTouched((t) => new Set(t).add(name)),
            } as const;
            const onValue = (next: string) => {
              setContent((c) => ({ ...c, [name]: next }));
              setServerFieldErrors(({ [name]: _dropped, ...rest }) => rest);
            };
            return (
              <FieldFrame
                key={name}
                id={fieldId}
                label={required ? definition.label : `${definition.label} (optional)`}
                error={error}
              >
                {definition.type === 'textarea' ? (
                  <textarea
                    {...common}
                    ref={(el) => {
                      fieldRefs.current[name] = el;
                    }}
                    rows={textareaRows(definition.max_length)}
                    className="form-field__input mp-textarea"
                    onChange={(event) => onValue(event.target.value)}
                  />
                ) : (
                  <input
                    {...common}
                    ref={(el) => {
                      fieldRefs.current[name] = el;
                    }}
                    type="text"
                    onChange={(event) => onValue(event.target.value)}
                  />
                )}
                <p id={counterId} className="mp-counter">
                  {value.length}/{definition.max_length} characters
                </p>
              </FieldFrame>
            );
          })}

          {formFailure ? <ErrorNotice>{formFailure}</ErrorNotice> : null}

          <div className="mp-form__actions">
            {page ? (
              <Button variant="quiet" onClick={restore} disabled={busy}>
                Cancel
              </Button>
            ) : null}
            <button
              ref={saveRef}
              type="submit"
              className="button button--primary button--md"
              disabled={!canSave}
              aria-describedby={missing.length ? missingId : undefined}
            >
              {busy ? 'Saving...' : isNew ? 'Save Page' : 'Save Changes'}
            </button>
          </div>
          {missing.length ? (
            <p className="mp-form__missing" id={missingId}>
              To save, add {listInWords(missing)}.
            </p>
          ) : null}
        </form>

        <div className="mp-editor__preview">
          <p className="mp-preview-label" aria-hidden="true">
            Live preview
          </p>
          <PhonePreview
            label="Live preview of your page"
            charityName={charityName}
            mission={content.page_description ?? ''}
            about={content.about_text ?? ''}
            media={media.map((item) => ({ id: item.id, type: item.type, src: item.preview }))}
          />
        </div>
      </div>

      <NamePageDialog
        open={dialog === 'name'}
        otherNames={otherNames}
        serverError={nameError}
        failure={failure}
        busy={busy}
        progress={progress}
        onCancel={closeDialog}
        onContinue={(name) => void save(name)}
        returnFocus={() => saveRef.current}
      />
      <ConfirmUploadDialog
        open={dialog === 'confirm'}
        pageName={page?.name ?? ''}
        newFiles={newItems.length}
        removedFiles={removedCount}
        failure={failure}
        busy={busy}
        progress={progress}
        onCancel={closeDialog}
        onConfirm={() => void save()}
        returnFocus={() => saveRef.current}
      />
    </section>
  );
}
