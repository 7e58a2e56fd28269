import type { ChangeEvent, Ref } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import type { FormMediaItem } from '../utils/page-form';

interface PageMediaFieldProps {
  id: string;
  media: readonly FormMediaItem[];
  max: number;
  accept: string;
  busy: boolean;
  preparing: boolean;
  fileErrors: readonly string[];
  serverError: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (item: FormMediaItem) => void;
}

/** 'Photos and videos' of the main-page form: the thumbnails in order, the file picker and its problems. */
export function PageMediaField({
  id,
  media,
  max,
  accept,
  busy,
  preparing,
  fileErrors,
  serverError,
  inputRef,
  onFiles,
  onRemove,
}: PageMediaFieldProps) {
  const atCap = media.length >= max;
  const mediaHintId = `${id}-media-hint`;
  const mediaErrorId = `${id}-media-error`;
  const fileInputId = `${id}-files`;
  const hasError = fileErrors.length > 0 || Boolean(serverError);
  return (
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
                <button type="button" className="mp-thumb__remove" onClick={() => onRemove(item)}>
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
          ref={inputRef}
          id={fileInputId}
          className="mp-file__input"
          type="file"
          multiple
          accept={accept}
          disabled={atCap || busy || preparing}
          aria-describedby={[mediaHintId, hasError ? mediaErrorId : null].filter(Boolean).join(' ')}
          onChange={onFiles}
        />
        <label htmlFor={fileInputId} className="button button--secondary button--md mp-file__label">
          {preparing ? 'Preparing...' : atCap ? 'Media limit reached' : 'Add photos or videos'}
        </label>
        <p className="mp-file__count" aria-live="polite">
          {media.length} of {max} added
        </p>
      </div>
      {hasError ? (
        <div className="form-field__error mp-file__errors" id={mediaErrorId} role="alert">
          <AuthIcon name="alert" size={16} className="form-field__error-icon" />
          <ul>
            {serverError ? <li>{serverError}</li> : null}
            {fileErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
