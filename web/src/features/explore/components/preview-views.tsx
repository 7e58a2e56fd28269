import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { initialsOf } from '@/lib/format';
import { SAMPLE_CHARITIES } from '../data/sample-charities';
import { largeFeedPlan, stepSlide, swipeTarget } from '../utils/preview';
import { ExploreIcon } from './explore-icon';
import {
  Avatar,
  MissingMedia,
  OwnMedia,
  type PreviewContent,
  placeholder,
  SampleMedia,
} from './preview-media';

export function GridView({ content }: { content: PreviewContent }) {
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

/**
 * The charity's own compact card: swipe (50 px) or use the buttons to move through its pictures, then its
 * posts' pictures, newest first (decision 20.30).
 */
function SwipeCard({ content }: { content: PreviewContent }) {
  const own = content.feed.length > 0 ? content.feed : content.grid ? [content.grid] : [];
  const slides = [...own, ...content.posts.flatMap((p) => (p.picture ? [p.picture] : []))];
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

export function CompactFeed({ content }: { content: PreviewContent }) {
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

/** Up to six posts: the charity's own explore card, its published posts (decision 20.30), then the samples. */
export function LargeFeed({ content }: { content: PreviewContent }) {
  const own = content.feed[0] ?? content.grid;
  const plan = largeFeedPlan(content.posts);
  const samples = SAMPLE_CHARITIES.slice(0, plan.samples);
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
      {plan.posts.map((post) => (
        <li key={post.id} className="preview-large__post preview-large__post--own" data-post-id={post.id}>
          <span className="preview-large__head">
            <Avatar name={content.name} src={content.avatarUrl} />
            <span className="preview-large__name">{content.name}</span>
          </span>
          {post.picture ? (
            <OwnMedia
              item={post.picture}
              alt={`Picture of your post ${post.title}`}
              className="preview-large__media"
            />
          ) : null}
          <span className="preview-large__text">
            {post.title ? <strong className="preview-large__title">{post.title}</strong> : null}
            {post.title && post.text ? ' ' : null}
            {post.text}
          </span>
        </li>
      ))}
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
