import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { buttonClassName } from '@/components/ui/button';
import { readCaptionFile } from '@/lib/media/caption-files';
import type { CaptionFileDraft } from '@/lib/media/media-words';

interface CaptionFileFieldProps {
  /** Unique prefix of the input's id. */
  id: string;
  /** How the video is named in labels ("feed item 2", "video 1"). */
  name: string;
  file: CaptionFileDraft | null | undefined;
  onChange: (file: CaptionFileDraft | null) => void;
  disabled?: boolean;
}

/**
 * A video's optional caption file (WebVTT): chosen here and checked at once (type, 512 KB, starts with WEBVTT,
 * no control characters), shown by name with Remove; the server checks it again when the page is saved.
 */
export function CaptionFileField({ id, name, file, onChange, disabled }: CaptionFileFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  /** Set when the file was chosen or removed here: focus moves to what takes the control's place. */
  const focusChooser = useRef(false);
  const inputId = `${id}-caption-file`;
  const label = file ? ('name' in file ? file.name : 'Caption file added') : null;

  // The chooser and the chosen file's Remove take each other's place: focus follows (not lost to the page).
  useEffect(() => {
    if (!focusChooser.current) return;
    focusChooser.current = false;
    (label ? remove.current : input.current)?.focus();
  }, [label]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const read = await readCaptionFile(chosen);
    if (read.problem !== undefined) {
      setProblem(`${chosen.name}: ${read.problem}`);
      return;
    }
    setProblem(null);
    focusChooser.current = true;
    onChange(read.file);
  };

  const heading = (
    <>
      Caption file <span className="media-words__optional">(optional, WebVTT .vtt)</span>
      <span className="visually-hidden"> for {name}</span>
    </>
  );
  return (
    <div className="media-words__field caption-file">
      {/* With a file chosen there is no chooser to label: the same words head the file's name. */}
      {label ? (
        <p className="media-words__label">{heading}</p>
      ) : (
        <label className="media-words__label" htmlFor={inputId}>
          {heading}
        </label>
      )}
      {label ? (
        <p className="caption-file__current">
          <AuthIcon name="check" size={16} className="caption-file__icon" />
          <span className="caption-file__name">{label}</span>
          <button
            ref={remove}
            type="button"
            className={buttonClassName({ variant: 'secondary', className: 'caption-file__remove' })}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setProblem(null);
              focusChooser.current = true;
            }}
          >
            Remove caption file<span className="visually-hidden"> of {name}</span>
          </button>
        </p>
      ) : null}
      {label ? (
        <p className="media-words__hint">Remove it to choose another file.</p>
      ) : (
        <>
          <input
            ref={input}
            id={inputId}
            className="caption-file__input"
            type="file"
            accept=".vtt,text/vtt"
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[`${inputId}-hint`, problem ? `${inputId}-error` : null]
              .filter(Boolean)
              .join(' ')}
            onChange={choose}
          />
          <p className="media-words__hint" id={`${inputId}-hint`}>
            Captions shown on the video, up to 512KB.
          </p>
        </>
      )}
      {problem ? (
        <p className="form-field__error media-words__error" id={`${inputId}-error`} role="alert">
          <AuthIcon name="alert" size={16} className="form-field__error-icon" />
          <span>{problem}</span>
        </p>
      ) : null}
    </div>
  );
}
