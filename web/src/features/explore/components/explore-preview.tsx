import { previewItems, VIEW_MODES, type ViewMode } from '../utils/preview';
import { OwnMedia, type PreviewContent } from './preview-media';
import { CompactFeed, GridView, LargeFeed } from './preview-views';

export type { PreviewContent } from './preview-media';

const VIEW_CAPTIONS: Record<ViewMode, string> = {
  grid: 'Grid: three to a row, with your grid image and short description.',
  'feed-compact': 'Compact feed: two to a row; donors swipe through your feed pictures.',
  'feed-large': 'Large feed: your profile picture, name, a large picture and your detailed description.',
};

/**
 * The phone mockup (charity-area spec, "Setup Explore View"): grid (3 columns), compact feed (2 columns, swipe
 * through pictures) and large feed (up to 6 posts), with the first six feed items and a '+N' count below.
 */
export function ExplorePreview({
  content,
  mode,
  onModeChange,
}: {
  content: PreviewContent;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
}) {
  const { shown, more } = previewItems(content.feed);
  const modeLabel = VIEW_MODES.find((m) => m.id === mode)?.label ?? '';
  return (
    <section
      className="card explore-preview"
      aria-labelledby="explore-preview-title"
      data-tour="explore-preview"
    >
      <h3 id="explore-preview-title" className="dash-card__title">
        Preview
      </h3>
      <p className="dash-card__text">How donors will see your explore view, among other charities.</p>
      <fieldset className="view-modes">
        <legend className="visually-hidden">Preview view</legend>
        {VIEW_MODES.map((m) => (
          <button
            key={m.id}
            type="button"
            className={`view-modes__button${mode === m.id ? ' view-modes__button--on' : ''}`}
            aria-pressed={mode === m.id}
            onClick={() => onModeChange(m.id)}
          >
            {m.label}
          </button>
        ))}
      </fieldset>
      <p className="view-modes__caption">{VIEW_CAPTIONS[mode]}</p>

      <div className="explore-phone">
        <div className="explore-phone__notch" aria-hidden="true" />
        <section
          className={`explore-phone__screen explore-phone__screen--${mode}`}
          aria-label={`Phone preview, ${modeLabel.toLowerCase()} view`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          data-view={mode}
        >
          <p className="explore-phone__bar">
            <span>Explore</span>
            <span className="sample-tag">Sample charities</span>
          </p>
          {mode === 'grid' ? (
            <GridView content={content} />
          ) : mode === 'feed-compact' ? (
            <CompactFeed content={content} />
          ) : (
            <LargeFeed content={content} />
          )}
        </section>
      </div>

      <div className="preview-strip">
        <h4 className="preview-strip__title">
          Your feed <span className="preview-strip__count">({content.feed.length})</span>
        </h4>
        {shown.length === 0 ? (
          <p className="preview-strip__empty">No feed images or videos yet.</p>
        ) : (
          <ul className="preview-strip__list">
            {shown.map((item, i) => (
              <li key={item.id} className="preview-strip__item">
                <OwnMedia
                  item={item}
                  alt={`Feed item ${i + 1}`}
                  className="preview-strip__media"
                  showCaption={false}
                />
              </li>
            ))}
            {more > 0 ? (
              <li className="preview-strip__item preview-strip__more">
                <span aria-hidden="true">+{more}</span>
                <span className="visually-hidden">and {more} more</span>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </section>
  );
}
