import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { PageMessage } from '@shared/pages';
import { paths } from '@shared/site/paths';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { altOf } from '@/lib/media/media-words';
import { confirmLeave } from '@/lib/unsaved/leave-guard';
import { usePageEditorDraft } from '../hooks/use-page-draft';
import { usePageMedia } from '../hooks/use-page-media';
import { usePageSave } from '../hooks/use-page-save';
import { acceptFor, initialContent, listInWords, missingForSave, templateFields } from '../utils/page-form';
import { ConfirmUploadDialog, ErrorNotice, NamePageDialog } from './page-dialogs';
import { PageMediaField } from './page-media-field';
import { PageTextFields } from './page-text-fields';
import { PhonePreview } from './phone-preview';

interface PageEditorProps {
  template: PageTemplateItem;
  /** The page being edited; null for a new page. */
  page: CharityPage | null;
  /** Names of the charity's pages (a new page's name must differ from each). */
  pageNames: readonly string[];
  charityName: string;
  /** The signed-in charity's id: its drafts are kept under it. */
  accountId: string;
  /** A restored draft's text, shown instead of the page's saved content. */
  restored?: Record<string, string> | null;
  onSaved: (page: CharityPage) => Promise<void> | void;
  onBack: () => void;
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
  accountId,
  restored = null,
  onSaved,
  onBack,
}: PageEditorProps) {
  const id = useId();
  const isNew = page === null;
  const fields = useMemo(() => templateFields(template), [template]);

  const [content, setContent] = useState<Record<string, string>>(
    () => restored ?? initialContent(template, page),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});

  const saveRef = useRef<HTMLButtonElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef<Record<string, HTMLTextAreaElement | HTMLInputElement | null>>({});

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const media = usePageMedia({
    template,
    page,
    restoreFor: restored ? accountId : null,
    onChange: () => setServerFieldErrors(({ media: _media, ...rest }) => rest),
  });
  const unsaved = usePageEditorDraft({
    accountId,
    template,
    page,
    content,
    media: media.media,
    draft: media.draft,
    paused: media.restoring,
  });
  const saving = usePageSave({
    template,
    page,
    fields,
    content,
    media: media.media,
    draft: media.draft,
    onSaved: (saved) => {
      unsaved.clear();
      return onSaved(saved);
    },
    onFieldError: (field, message) => {
      setServerFieldErrors((current) => ({ ...current, [field]: message }));
      window.setTimeout(
        () => (field === 'media' ? fileInputRef.current : fieldRefs.current[field])?.focus(),
        0,
      );
    },
  });
  const { busy } = saving;

  const missing = missingForSave({ template, content, media: media.media });
  const canSave = missing.length === 0 && !busy && !media.preparing;
  const newItems = media.media.filter((item) => !item.isExisting);

  const fieldError = (name: string): string | undefined => {
    if (serverFieldErrors[name]) return serverFieldErrors[name];
    const field = fields.find((f) => f.name === name);
    if (field?.required && touched.has(name) && !(content[name] ?? '').trim())
      return PageMessage.FieldRequired(field.definition.label);
    return undefined;
  };

  /** Cancel: the last loaded content and media again. */
  const restore = () => {
    media.restore();
    setContent(initialContent(template, page));
    setTouched(new Set());
    setServerFieldErrors({});
    saving.setFormFailure(null);
  };

  const title = isNew ? 'Customize Your Main Page' : 'Edit Your Main Page';
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
        <Button
          variant="secondary"
          onClick={() => void confirmLeave().then((leave) => leave && onBack())}
          disabled={busy}
        >
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
            if (canSave) saving.open();
          }}
        >
          <div className="mp-display-name">
            <p className="mp-display-name__label">Charity name on your page</p>
            <p className="mp-display-name__value">{charityName}</p>
            <p className="mp-display-name__hint">
              Change it in <Link to={paths.charity.preferences.displayName.getHref()}>Display Name</Link>.
            </p>
          </div>

          <PageMediaField
            id={id}
            media={media.media}
            max={media.max}
            accept={acceptFor(template.allowed_media_types)}
            busy={busy}
            preparing={media.preparing}
            fileErrors={media.fileErrors}
            serverError={serverFieldErrors.media}
            inputRef={fileInputRef}
            onFiles={(event) => void media.addFiles(event)}
            onChange={(next, removed) => {
              media.change(next, removed);
              setServerFieldErrors(({ media: _media, ...rest }) => rest);
            }}
          />

          <PageTextFields
            id={id}
            fields={fields}
            content={content}
            busy={busy}
            errorOf={fieldError}
            fieldRefs={fieldRefs}
            onBlur={(name) => setTouched((t) => new Set(t).add(name))}
            onValue={(name, next) => {
              setContent((c) => ({ ...c, [name]: next }));
              setServerFieldErrors(({ [name]: _dropped, ...rest }) => rest);
            }}
          />

          {saving.formFailure ? <ErrorNotice>{saving.formFailure}</ErrorNotice> : null}

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
            media={media.media.map((item, i) => ({
              id: item.id,
              type: item.type,
              src: item.preview,
              alt: altOf(item.words, `${charityName}, slide ${i + 1} of ${media.media.length}`),
              caption: item.words.caption,
              captionFile: item.type === 'video' ? item.words.captionFile : null,
            }))}
          />
        </div>
      </div>

      <NamePageDialog
        open={saving.dialog === 'name'}
        otherNames={pageNames}
        serverError={saving.nameError}
        failure={saving.failure}
        busy={busy}
        progress={saving.progress}
        onCancel={saving.close}
        onContinue={(name) => void saving.save(name)}
        returnFocus={() => saveRef.current}
      />
      <ConfirmUploadDialog
        open={saving.dialog === 'confirm'}
        pageName={page?.name ?? ''}
        newFiles={newItems.length}
        removedFiles={media.removedCount}
        failure={saving.failure}
        busy={busy}
        progress={saving.progress}
        onCancel={saving.close}
        onConfirm={() => void saving.save()}
        returnFocus={() => saveRef.current}
      />
    </section>
  );
}
