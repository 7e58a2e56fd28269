import type { ChangeEvent, Ref } from 'react';
import { MediaThumb } from '@/components/media/media-thumb';
import { MediaWordsFields } from '@/components/media/media-words-fields';
import { ReorderList } from '@/components/media/reorder-list';
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
  /** The list reordered, an item's words edited, or `removed` taken out. */
  onChange: (media: FormMediaItem[], removed?: FormMediaItem) => void;
}

const nameOf = (item: FormMediaItem, index: number) =>
  `${item.type === 'video' ? 'video' : 'photo'} ${index + 1}`;

/**
 * 'Photos and videos' of the main-page form: the items in order (the first opens the page), reordered with the
 * shared media list, each with its words; the file picker (type and size checked on choice) and its problems.
 */
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
  onChange,
}: PageMediaFieldProps) {
  const atCap = media.length >= max;
  const mediaHintId = `${id}-media-hint`;
  const mediaErrorId = `${id}-media-error`;
  const fileInputId = `${id}-files`;
  const hasError = fileErrors.length > 0 || Boolean(serverError);
  return (
    <fieldset className="mp-media" aria-describedby={mediaHintId}>
      <legend className="form-field__label">Photos and videos</legend>
      <p className="form-field__hint" id={mediaHintId}>
        Images or MP4 videos (up to 100MB), up to {max}. The first one opens your page: drag an item or use
        its arrow buttons to change the order. Give each one alt text, or mark it decorative.
      </p>
      {media.length ? (
        <ReorderList
          items={media}
          nameOf={nameOf}
          busy={busy}
          onChange={onChange}
          onEmpty={() => document.getElementById(fileInputId)?.focus()}
          dataOf={(item) => ({ 'data-media-id': item.existingMediaId })}
          renderThumb={(item) => <MediaThumb item={item} alt="" />}
          renderItem={(item, index) => (
            <>
              <span className="media-tags">
                {index === 0 ? <span className="media-state mp-opens">Opens your page</span> : null}
                <span className={`media-state${item.isExisting ? '' : ' media-state--new'}`}>
                  {item.isExisting ? 'Saved' : 'New'}
                </span>
              </span>
              <MediaWordsFields
                id={`${id}-${item.id}`}
                name={nameOf(item, index)}
                type={item.type}
                words={item.words}
                disabled={busy}
                onChange={(words) => onChange(media.map((m) => (m.id === item.id ? { ...m, words } : m)))}
              />
            </>
          )}
        />
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
