import type { PublicMedia } from '@shared/api/schemas/public-pages';
import { mediaUrl } from '@shared/media';
import { useEffect, useId, useRef, useState } from 'react';
import { CaptionedVideo } from '@/components/media/caption-track';

/** Intrinsic size given to every slide (4:3), so nothing moves while images load. */
const SLIDE_WIDTH = 1200;
const SLIDE_HEIGHT = 900;

/**
 * The main page's photos and videos as donors see them: a scroll-snap carousel (swipe, scroll, or Previous
 * and Next), each item with its alt text and caption. The first image loads at once, the second lazily, and
 * each further one once the slide before or after it has been shown.
 */
export function MediaCarousel({
  media,
  mediaBaseUrl,
  label,
}: {
  media: readonly PublicMedia[];
  mediaBaseUrl: string;
  label: string;
}) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  // Slides shown so far: a photo loads when its slide or a neighbour has been shown (the first two at once).
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  // The slide on show, for the resize observer; the slide Previous or Next is scrolling to, while it does.
  const at = useRef(0);
  const heading = useRef<number | null>(null);
  // The track's width the slide on show was placed at. The browser reports the scroll a width change causes
  // before the resize observer runs: read against the new width, that scroll names the wrong slide.
  const width = useRef(0);
  const id = useId();
  const count = media.length;

  // A width change (a phone turned, a window resized) keeps the slide on show, not a point between two.
  useEffect(() => {
    const track = trackRef.current;
    if (count === 0 || !track || typeof ResizeObserver === 'undefined') return;
    width.current = track.clientWidth;
    const observer = new ResizeObserver(() => {
      if (track.clientWidth === width.current) return;
      width.current = track.clientWidth;
      heading.current = null;
      scrollToSlide(track, at.current, 'auto');
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [count]);

  if (count === 0) return null;

  const show = (index: number) => {
    at.current = index;
    setCurrent(index);
    setShown((before) => (before.has(index) ? before : new Set(before).add(index)));
  };
  const near = (i: number) =>
    shown.has(i) || shown.has((i + 1) % count) || shown.has((i - 1 + count) % count);

  const go = (index: number) => {
    const next = (index + count) % count;
    const track = trackRef.current;
    heading.current = next;
    if (track) {
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      scrollToSlide(track, next, still ? 'auto' : 'smooth');
    }
    show(next);
  };
  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    // Mid-resize: the observer puts the slide on show back in place, and that scroll is read here.
    if (typeof ResizeObserver !== 'undefined' && track.clientWidth !== width.current) return;
    const index = Math.min(Math.round(track.scrollLeft / track.clientWidth), count - 1);
    // The slides passed on the way to Previous or Next's are not shown: the counter stays on the slide it
    // goes to (a second quick Next goes one further) and their photos are not fetched.
    if (heading.current !== null) {
      if (index !== heading.current) return;
      heading.current = null;
    }
    if (index !== at.current) show(index);
  };
  // A swipe, wheel or key takes over from a Previous or Next still scrolling.
  const takeOver = () => {
    heading.current = null;
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the track scrolls sideways, so keyboard users must reach it (arrow keys scroll)
        tabIndex={0}
        className="carousel__track"
        ref={trackRef}
        onScroll={onScroll}
        onWheel={takeOver}
        onTouchStart={takeOver}
        onPointerDown={takeOver}
        onKeyDown={takeOver}
        id={`${id}-track`}
      >
        {media.map((item, i) => (
          <li
            key={item.file_path}
            className="carousel__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            <figure className="carousel__figure">
              {item.media_type === 'video' ? (
                <CaptionedVideo
                  captionFile={item.caption_file_path}
                  className="carousel__media"
                  src={mediaUrl(mediaBaseUrl, item.file_path)}
                  controls
                  playsInline
                  preload="none"
                  width={SLIDE_WIDTH}
                  height={SLIDE_HEIGHT}
                  aria-label={item.alt || undefined}
                />
              ) : (
                // A photo two or more slides away from any shown is not requested yet: browsers load "lazy"
                // images far outside the viewport, and on a phone those would compete with the first photo.
                <img
                  className="carousel__media"
                  src={near(i) ? mediaUrl(mediaBaseUrl, item.file_path) : undefined}
                  alt={item.alt}
                  width={SLIDE_WIDTH}
                  height={SLIDE_HEIGHT}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  // The first photo paints in the frame it arrives in (the page's largest paint), before
                  // the other slides, lazy but near, start loading.
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              )}
              {item.caption ? <figcaption className="carousel__caption">{item.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-controls={`${id}-track`}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span> Previous
          </button>
          <p className="carousel__counter" aria-live="polite">
            {Math.min(current, count - 1) + 1} of {count}
          </p>
          <button
            type="button"
            className="carousel__button"
            aria-controls={`${id}-track`}
            onClick={() => go(current + 1)}
          >
            Next <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Scrolls the track so that slide `index` starts at its left edge (measured, whatever the track's offset). */
function scrollToSlide(track: HTMLElement, index: number, behavior: ScrollBehavior) {
  const slide = track.children[index];
  if (!slide) return;
  const left = track.scrollLeft + slide.getBoundingClientRect().left - track.getBoundingClientRect().left;
  track.scrollTo({ left, behavior });
}
