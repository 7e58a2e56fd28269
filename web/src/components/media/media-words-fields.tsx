import { MEDIA_ALT_MAX, MEDIA_CAPTION_MAX } from '@shared/media';
import { AuthIcon } from '@/components/ui/auth-icon';
import { type WordsDraft, wordsProblem } from '@/lib/media/media-words';
import { CaptionFileField } from './caption-file-field';
import './media.css';

interface MediaWordsFieldsProps {
  /** Unique prefix of the inputs' ids. */
  id: string;
  /** How the item is named in labels ("feed item 2", "photo 1"). */
  name: string;
  type: 'image' | 'video';
  words: WordsDraft;
  onChange: (words: WordsDraft) => void;
  disabled?: boolean;
}

/**
 * The words of one photo or video: alt text (a video's text description), required unless the item is marked
 * decorative, and an optional caption shown under it on the public page; a video also takes a caption file
 * (WebVTT). Problems show as soon as they exist.
 */
export function MediaWordsFields({ id, name, type, words, onChange, disabled }: MediaWordsFieldsProps) {
  const problem = wordsProblem(words);
  const altLabel = type === 'video' ? 'Text description' : 'Alt text';
  const altError = problem?.part === 'alt' ? problem.message : null;
  const captionError = problem?.part === 'caption' ? problem.message : null;
  const field = (part: string) => `${id}-${part}`;
  return (
    <fieldset className="media-words">
      <legend className="visually-hidden">Words for {name}</legend>
      <div className="media-words__field">
        <label className="media-words__label" htmlFor={field('alt')}>
          {altLabel} {words.decorative ? null : <span className="media-words__required">(required)</span>}
          <span className="visually-hidden"> for {name}</span>
        </label>
        <input
          id={field('alt')}
          className="form-field__input media-words__input"
          type="text"
          value={words.decorative ? '' : words.alt}
          maxLength={MEDIA_ALT_MAX + 50}
          disabled={disabled || words.decorative}
          aria-invalid={altError ? true : undefined}
          aria-describedby={[field('alt-hint'), altError ? field('alt-error') : null]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => onChange({ ...words, alt: event.target.value })}
        />
        <p className="media-words__hint" id={field('alt-hint')}>
          {words.decorative
            ? 'Marked decorative: screen readers skip it.'
            : type === 'video'
              ? 'What the video shows and says, for people who cannot see or hear it.'
              : 'What the photo shows, for people who cannot see it.'}
        </p>
        {altError ? <WordsError id={field('alt-error')} message={altError} /> : null}
      </div>
      <label className="media-words__check">
        <input
          type="checkbox"
          checked={words.decorative}
          disabled={disabled}
          onChange={(event) => onChange({ ...words, decorative: event.target.checked })}
        />
        <span>
          Decorative only (no {altLabel.toLowerCase()})<span className="visually-hidden"> for {name}</span>
        </span>
      </label>
      <div className="media-words__field">
        <label className="media-words__label" htmlFor={field('caption')}>
          Caption <span className="media-words__optional">(optional)</span>
          <span className="visually-hidden"> for {name}</span>
        </label>
        <input
          id={field('caption')}
          className="form-field__input media-words__input"
          type="text"
          value={words.caption}
          maxLength={MEDIA_CAPTION_MAX + 50}
          disabled={disabled}
          aria-invalid={captionError ? true : undefined}
          aria-describedby={captionError ? field('caption-error') : undefined}
          onChange={(event) => onChange({ ...words, caption: event.target.value })}
        />
        {captionError ? <WordsError id={field('caption-error')} message={captionError} /> : null}
      </div>
      {type === 'video' ? (
        <CaptionFileField
          id={id}
          name={name}
          file={words.captionFile}
          disabled={disabled}
          onChange={(captionFile) => onChange({ ...words, captionFile })}
        />
      ) : null}
    </fieldset>
  );
}

function WordsError({ id, message }: { id: string; message: string }) {
  return (
    <p className="form-field__error media-words__error" id={id}>
      <AuthIcon name="alert" size={16} className="form-field__error-icon" />
      <span>{message}</span>
    </p>
  );
}
