import { PAGE_NAME_MAX, pageNameError } from '@shared/pages';
import { type ReactNode, useId, useRef, useState } from 'react';
import { describedBy, FieldFrame } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';

export interface UploadProgressItem {
  id: string;
  label: string;
  /** 0 to 1. */
  fraction: number;
}

/** One labelled progress bar per file while a save uploads. */
export function UploadProgressList({ items }: { items: readonly UploadProgressItem[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <ul className="upload-progress" aria-label="Upload progress">
      {items.map((item, i) => {
        const percent = Math.round(item.fraction * 100);
        return (
          <li key={item.id} className="upload-progress__item">
            <span className="upload-progress__label" id={`${id}-${i}`}>
              {item.label}
              <span className="upload-progress__percent">{percent === 100 ? 'Uploaded' : `${percent}%`}</span>
            </span>
            <progress
              className="upload-progress__bar"
              max={100}
              value={percent}
              aria-labelledby={`${id}-${i}`}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** A failure shown inside a dialog or the form (the spec's 'Upload failed: …' and 'Save failed: …'). */
export function ErrorNotice({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div className="red-box mp-error" role="alert" id={id}>
      <AuthIcon name="alert" size={20} />
      <p>{children}</p>
    </div>
  );
}

interface NamePageDialogProps {
  open: boolean;
  /** The charity's other page names (a new name must differ from each, ignoring case). */
  otherNames: readonly string[];
  /** The server refused this name (409 NAME_TAKEN and the like): shown until the name changes. */
  serverError: { name: string; message: string } | null;
  /** A failure of the save that is not about the name. */
  failure: string | null;
  busy: boolean;
  progress: readonly UploadProgressItem[];
  onCancel: () => void;
  onContinue: (name: string) => void;
  returnFocus: () => HTMLElement | null;
}

/** 'Name Your Page' (a new page): required, at most 50 characters with a counter, unique ignoring case. */
export function NamePageDialog(props: NamePageDialogProps) {
  return props.open ? <NamePageDialogBody {...props} /> : null;
}

function NamePageDialogBody({
  otherNames,
  serverError,
  failure,
  busy,
  progress,
  onCancel,
  onContinue,
  returnFocus,
}: NamePageDialogProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const ruleError = pageNameError(name, otherNames);
  const serverMessage = serverError && serverError.name === name.trim() ? serverError.message : null;
  // An empty box says nothing until it has been used; a long or taken name says so at once.
  const shownError = serverMessage ?? (ruleError && (touched || name.trim() !== '') ? ruleError : null);
  const length = name.trim().length;
  const canContinue = !ruleError && !serverMessage && !busy;
  const inputId = `${id}-name`;
  const counterId = `${id}-counter`;

  return (
    <Dialog
      open
      onClose={() => !busy && onCancel()}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      initialFocus={inputRef}
      returnFocus={returnFocus}
    >
      <form
        className="mp-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (canContinue) onContinue(name.trim());
        }}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          Name Your Page
        </h2>
        <p id={`${id}-text`} className="dialog__text">
          Give this page a name only you will see, such as “Spring appeal”. You can keep several pages and
          choose which one is live.
        </p>
        <FieldFrame id={inputId} label="Page name" error={shownError ?? undefined}>
          <input
            ref={inputRef}
            id={inputId}
            className="form-field__input"
            value={name}
            autoComplete="off"
            disabled={busy}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy(inputId, null, shownError, counterId)}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          <p id={counterId} className={`mp-counter${length > PAGE_NAME_MAX ? ' mp-counter--over' : ''}`}>
            {length}/{PAGE_NAME_MAX} characters
          </p>
        </FieldFrame>
        <UploadProgressList items={progress} />
        {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
        <div className="dialog__actions">
          <Button variant="quiet" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canContinue} aria-busy={busy}>
            {busy ? 'Saving...' : 'Continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

interface ConfirmUploadDialogProps {
  open: boolean;
  pageName: string;
  newFiles: number;
  removedFiles: number;
  failure: string | null;
  busy: boolean;
  progress: readonly UploadProgressItem[];
  onCancel: () => void;
  onConfirm: () => void;
  returnFocus: () => HTMLElement | null;
}

/** 'Confirm Upload' (an edit): what will change, then upload and save. */
export function ConfirmUploadDialog({
  open,
  pageName,
  newFiles,
  removedFiles,
  failure,
  busy,
  progress,
  onCancel,
  onConfirm,
  returnFocus,
}: ConfirmUploadDialogProps) {
  const changes = [
    newFiles ? `${newFiles} new ${newFiles === 1 ? 'file' : 'files'} will be uploaded` : null,
    removedFiles
      ? `${removedFiles} removed ${removedFiles === 1 ? 'file' : 'files'} will be deleted for good`
      : null,
  ].filter(Boolean);
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title="Confirm Upload"
      text={
        <div className="mp-dialog__text">
          <p>
            Save your changes to <strong>{pageName}</strong>?
          </p>
          {changes.length ? (
            <ul className="mp-dialog__list">
              {changes.map((change) => (
                <li key={change}>{change}.</li>
              ))}
            </ul>
          ) : null}
        </div>
      }
      confirmLabel="Confirm & Upload"
      busyLabel="Saving..."
      onCancel={onCancel}
      onConfirm={onConfirm}
      returnFocus={returnFocus}
    >
      <UploadProgressList items={progress} />
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
    </ConfirmDialog>
  );
}

interface DeletePageDialogProps {
  /** The page's name and its media in words ("2 photos"), or null for no media. */
  page: { name: string; media: string | null } | null;
  busy: boolean;
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  returnFocus: () => HTMLElement | null;
}

/** Deleting asks first and is permanent: the page, its photos and its videos. */
export function DeletePageDialog({
  page,
  busy,
  failure,
  onCancel,
  onConfirm,
  returnFocus,
}: DeletePageDialogProps) {
  return (
    <ConfirmDialog
      open={page !== null}
      busy={busy}
      tone="danger"
      icon={<AuthIcon name="trash" />}
      title="Delete this page?"
      text={
        <>
          <strong>{page?.name}</strong>
          {page?.media
            ? ` and its ${page.media} will be deleted permanently.`
            : ' will be deleted permanently.'}{' '}
          This cannot be undone.
        </>
      }
      confirmLabel="Delete Page"
      busyLabel="Deleting..."
      confirmVariant="accent"
      onCancel={onCancel}
      onConfirm={onConfirm}
      returnFocus={returnFocus}
    >
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
    </ConfirmDialog>
  );
}
