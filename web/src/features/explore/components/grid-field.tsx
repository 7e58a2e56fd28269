import { type ChangeEvent, useRef } from 'react';
import { MediaThumb } from '@/components/media/media-thumb';
import { MediaWordsFields } from '@/components/media/media-words-fields';
import { Button } from '@/components/ui/button';
import { type FormMedia, fileProblem } from '../utils/explore-form';
import { ExploreIcon } from './explore-icon';
import { FieldProblem } from './field-problem';

interface GridFieldProps {
  grid: FormMedia | null;
  /** The saved grid item (what 'Keep the saved grid picture' restores). */
  savedGrid: FormMedia | null;
  busy: boolean;
  message: string | null;
  onProblem: (problem: string | null) => void;
  /** A chosen file, as a draft item. */
  itemOf: (file: File) => FormMedia;
  onGrid: (grid: FormMedia | null) => void;
  announce: (text: string) => void;
}

/** 'Grid image or video': the current picture, Choose or Replace, and going back to the saved one. */
export function GridField({
  grid,
  savedGrid,
  busy,
  message,
  onProblem,
  itemOf,
  onGrid,
  announce,
}: GridFieldProps) {
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    onProblem(problem);
    if (problem) return;
    onGrid(itemOf(file));
    announce(`Grid ${file.type.startsWith('video/') ? 'video' : 'image'} chosen: ${file.name}.`);
  };

  return (
    <fieldset className="explore-field" aria-describedby={`grid-hint${message ? ' grid-error' : ''}`}>
      <legend className="explore-field__legend">
        Grid image or video <span className="explore-field__required">(required)</span>
      </legend>
      <p className="form-field__hint" id="grid-hint">
        One image or MP4 video. Donors see it in the grid with your short description.
      </p>
      <div className="grid-pick">
        {grid ? (
          <MediaThumb item={grid} alt="" />
        ) : (
          <span className="media-thumb media-thumb--empty">
            <ExploreIcon name="image" size={28} />
            <span>No grid image yet</span>
          </span>
        )}
        <div className="grid-pick__side">
          {grid ? (
            <span className={`media-state${grid.isExisting ? '' : ' media-state--new'}`}>
              {grid.isExisting ? 'Saved' : `New: ${grid.file?.name ?? ''}`}
            </span>
          ) : null}
          <div className="grid-pick__actions">
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
              {grid ? 'Replace grid image or video' : 'Choose grid image or video'}
            </Button>
            {grid && !grid.isExisting ? (
              <Button
                variant="quiet"
                onClick={() => {
                  onGrid(savedGrid);
                  announce(savedGrid ? 'Saved grid picture restored.' : 'New grid picture removed.');
                }}
                disabled={busy}
              >
                {savedGrid ? 'Keep the saved grid picture' : 'Remove this file'}
              </Button>
            ) : null}
          </div>
          {grid ? (
            <MediaWordsFields
              id={`grid-${grid.id}`}
              name="the grid picture"
              type={grid.type}
              words={grid.words}
              disabled={busy}
              onChange={(words) => onGrid({ ...grid, words })}
            />
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*,video/mp4"
          hidden
          onChange={choose}
          data-testid="explore-grid-input"
        />
      </div>
      <FieldProblem id="grid-error" message={message} />
    </fieldset>
  );
}
