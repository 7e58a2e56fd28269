import type { PostType } from '@shared/posts';
import { type ChangeEvent, useRef } from 'react';
import { FieldError } from '@/components/form/form-field';
import { MediaThumb } from '@/components/media/media-thumb';
import { MediaWordsFields } from '@/components/media/media-words-fields';
import { Button } from '@/components/ui/button';
import { fileProblem } from '@/lib/media-upload';
import { controlIdOf, mediaRuleOf, type PostMedia } from '../utils/post-form';

interface PostMediaFieldProps {
  type: PostType;
  media: readonly PostMedia[];
  error?: string;
  busy: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (item: PostMedia) => void;
  onWords: (item: PostMedia, words: PostMedia['words']) => void;
  onProblem: (message: string) => void;
}

const LEGEND: Record<PostType, string> = {
  photo: 'Photos',
  video: 'Video',
  story: 'Picture (optional)',
  event: 'Picture (optional)',
};

/**
 * The post's photos or video: chosen files checked at once, each with its alt text (or decorative), removable.
 * A photo post takes 1-10 photos, a video post one video, a story or event at most one photo.
 */
export function PostMediaField({
  type,
  media,
  error,
  busy,
  onAdd,
  onRemove,
  onWords,
  onProblem,
}: PostMediaFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const rule = mediaRuleOf(type);
  const id = controlIdOf('content.media');
  const left = rule.max - media.length;
  const noun = rule.kind === 'video' ? 'video' : 'photo';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const wrong = files.find((f) =>
      rule.kind === 'video' ? f.type !== 'video/mp4' : !f.type.startsWith('image/'),
    );
    const problem = wrong
      ? rule.kind === 'video'
        ? 'Please choose an MP4 video.'
        : 'Please choose a photo.'
      : null;
    const tooBig = files.map(fileProblem).find(Boolean);
    if (problem || tooBig) return onProblem(problem ?? (tooBig as string));
    if (files.length > 0) onAdd(files.slice(0, left));
  };

  return (
    <fieldset className="post-field" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="post-field__legend">{LEGEND[type]}</legend>
      <p className="form-field__hint" id={`${id}-hint`}>
        {rule.kind === 'video'
          ? 'One MP4 video, with a text description of what it shows.'
          : rule.max > 1
            ? `1 to ${rule.max} photos, each with alt text (or marked decorative). ${media.length} of ${rule.max} added.`
            : 'One photo, with alt text (or marked decorative).'}
      </p>
      {media.length > 0 ? (
        <ul className="post-media">
          {media.map((item, index) => {
            const name = rule.max > 1 ? `${noun} ${index + 1}` : noun;
            return (
              <li key={item.id} className="post-media__item">
                <MediaThumb item={item} alt="" />
                <div className="post-media__words">
                  <MediaWordsFields
                    id={`post-media-${item.id}`}
                    name={name}
                    type={item.type}
                    words={item.words}
                    disabled={busy}
                    onChange={(words) => onWords(item, words)}
                  />
                  <Button
                    variant="quiet"
                    disabled={busy}
                    onClick={() => {
                      onRemove(item);
                      input.current?.parentElement
                        ?.querySelector<HTMLButtonElement>('.post-media__add')
                        ?.focus();
                    }}
                  >
                    Remove {name}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {left > 0 ? (
        <div>
          <Button
            variant="secondary"
            className="post-media__add"
            disabled={busy}
            onClick={() => input.current?.click()}
            id={id}
          >
            {rule.kind === 'video' ? 'Choose a video' : rule.max > 1 ? 'Add photos' : 'Choose a photo'}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={rule.kind === 'video' ? 'video/mp4' : 'image/*'}
            multiple={rule.max > 1}
            onChange={choose}
            data-testid="post-media-input"
          />
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
