import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { initialsOf } from '@/lib/format';
import { altOf } from '@/lib/media/media-words';
import { SAMPLE_CHARITIES, type SampleCharity } from '../data/sample-charities';
import type { FormMedia } from '../utils/explore-form';
import {
  LARGE_FEED_POSTS,
  previewItems,
  stepSlide,
  swipeTarget,
  VIEW_MODES,
  type ViewMode,
} from '../utils/preview';
import { ExploreIcon } from './explore-icon';

export interface PreviewContent {
  name: string;
  avatarUrl: string | null;
  shortDescription: string;
  longDescription: string;
  grid: FormMedia | null;
  feed: FormMedia[];
}

const VIEW_CAPTIONS: Record<ViewMode, string> = {
  grid: 'Grid: three to a row, with your grid image and short description.',
  'feed-compact': 'Compact feed: two to a row; donors swipe through your feed pictures.',
  'feed-large': 'Large feed: your profile picture, name, a large picture and your detailed description.',
};

/** One picture of the charity's own: an image, or a video's first frame with a video mark. */
function OwnMedia({ item, alt: fallback, className }: { item: FormMedia; alt: string; className: string }) {
  const alt = altOf(item.words, fallback);
  if (item.type === 'video') {
    return (
      <span className={`${className} preview-media preview-media--video`}>
        <video src={item.preview} muted playsInline preload="metadata" aria-label={alt || undefined} />
        <span className="preview-media__badge" aria-hidden="true">
          <ExploreIcon name="video" size={14} />
        </span>
      </span>
    );
  }
  return (
    <span className={`${className} preview-media`}>
      <img src={item.preview} alt={alt} />
    </span>
  );
}

/** An empty frame where the charity's picture will go. */
function MissingMedia({ className, label }: { className: string; label: string }) {
  return (
    <span className={`${className} preview-media preview-media--missing`}>
      <ExploreIcon name="image" size={22} />
      <span>{label}</span>
    </span>
  );
}

/** A sample charity's picture: its two colours and initials (decorative). */
function SampleMedia({ sample, className }: { sample: SampleCharity; className: string }) {
  return (
    <span
      className={`${className} preview-media preview-media--sample`}
      style={{ background: `linear-gradient(135deg, ${sample.tones[0]}, ${sample.tones[1]})` }}
      aria-hidden="true"
    >
      <span>{initialsOf(sample.name)}</span>
    </span>
  );
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img className="preview-avatar" src={src} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span className="preview-avatar preview-avatar--initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

const placeholder = (text: string, fallback: string) =>
  text.trim() ? text : <span className="preview-placeholder">{fallback}</span>;

function GridView({ content }: { content: PreviewContent }) {
  return (
    <ul className="preview-grid">
      <li className="preview-grid__item preview-grid__item--own">
        {content.grid ? (
          <OwnMedia item={content.grid} alt="Your grid image" className="preview-grid__media" />
        ) : (
          <MissingMedia className="preview-grid__media" label="Grid image" />
        )}
        <span className="preview-grid__name">{content.name}</span>
        <span className="preview-grid__text">
          {placeholder(content.shortDescription, 'Your short description')}
        </span>
      </li>
      {SAMPLE_CHARITIES.slice(0, 8).map((sample) => (
        <li key={sample.name} className="preview-grid__item">
          <SampleMedia sample={sample} className="preview-grid__media" />
          <span className="preview-grid__name">{sample.name}</span>
          <span className="preview-grid__text">{sample.shortDescription}</span>
        </li>
      ))}
    </ul>
  );
}

/** The charity's own compact card: swipe (50 px) or use the buttons to move through its pictures. */
function SwipeCard({ content }: { content: PreviewContent }) {
  const slides = content.feed.length > 0 ? content.feed : content.grid ? [content.grid] : [];
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = slides.length;
  const current = slides[Math.min(index, Math.max(0, count - 1))];

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const delta = event.clientX - start.current;
    start.current = null;
    setIndex((i) => swipeTarget(i, count, delta));
  };

  return (
    <li className="preview-compact__item preview-compact__item--own">
      <div
        className="preview-compact__slides"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
        data-testid="preview-swipe"
      >
        {current ? (
          <OwnMedia
            item={current}
            alt={`Your picture ${index + 1} of ${count}`}
            className="preview-compact__media"
          />
        ) : (
          <MissingMedia className="preview-compact__media" label="Feed media" />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="preview-compact__nav preview-compact__nav--prev"
              aria-label="Previous picture"
              onClick={() => setIndex((i) => stepSlide(i, count, -1))}
            >
              <ExploreIcon name="left" size={14} />
            </button>
            <button
              type="button"
              className="preview-compact__nav preview-compact__nav--next"
              aria-label="Next picture"
              onClick={() => setIndex((i) => stepSlide(i, count, 1))}
            >
              <ExploreIcon name="right" size={14} />
            </button>
            <span className="preview-compact__count" aria-live="polite">
              {index + 1}/{count}
            </span>
          </>
        ) : null}
      </div>
      <span className="preview-compact__name">{content.name}</span>
      <span className="preview-compact__text">
        {placeholder(content.shortDescription, 'Your short description')}
      </span>
    </li>
  );
}

function CompactFeed({ content }: { content: PreviewContent }) {
  return (
    <ul className="preview-compact">
      <SwipeCard content={content} />
      {SAMPLE_CHARITIES.slice(0, 5).map((sample) => (
        <li key={sample.name} className="preview-compact__item">
          <SampleMedia sample={sample} className="preview-compact__media" />
          <span className="preview-compact__name">{sample.name}</span>
          <span className="preview-compact__text">{sample.shortDescription}</span>
        </li>
      ))}
    </ul>
  );
}

/** Up to six posts: the charity's own first, then the sample charities. */
function LargeFeed({ content }: { content: PreviewContent }) {
  const own = content.feed[0] ?? content.grid;
  const samples = SAMPLE_CHARITIES.slice(0, LARGE_FEED_POSTS - 1);
  return (
    <ul className="preview-large">
      <li className="preview-large__post preview-large__post--own">
        <span className="preview-large__head">
          <Avatar name={content.name} src={content.avatarUrl} />
          <span className="preview-large__name">{content.name}</span>
        </span>
        {own ? (
          <OwnMedia item={own} alt="Your first feed picture" className="preview-large__media" />
        ) : (
          <MissingMedia className="preview-large__media" label="Feed media" />
        )}
        <span className="preview-large__text">
          {placeholder(content.longDescription, 'Your detailed description')}
        </span>
      </li>
      {samples.map((sample) => (
        <li key={sample.name} className="preview-large__post">
          <span className="preview-large__head">
            <span
              className="preview-avatar preview-avatar--initials"
              style={{ background: sample.tones[1] }}
              aria-hidden="true"
            >
              {initialsOf(sample.name)}
            </span>
            <span className="preview-large__name">{sample.name}</span>
          </span>
          <SampleMedia sample={sample} className="preview-large__media" />
          <span className="preview-large__text">{sample.longDescription}</span>
        </li>
      ))}
    </ul>
  );
}

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
                <OwnMedia item={item} alt={`Feed item ${i + 1}`} className="preview-strip__media" />
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
