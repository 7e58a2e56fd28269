import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { CaptionedVideo } from '@/components/media/caption-track';
import type { CaptionFileDraft } from '@/lib/media/media-words';
import { stepIndex } from '../utils/page-form';

export interface PreviewMedia {
  id: string;
  type: 'image' | 'video';
  src: string;
  /** Alt text (empty when decorative; a fallback naming the slide when none is written yet). */
  alt?: string;
  caption?: string;
  /** A video's caption file (stored or chosen), shown as its captions track. */
  captionFile?: CaptionFileDraft | null;
}

interface PhonePreviewProps {
  /** The charity's name as donors see it (display_name, else charity_name). */
  charityName: string;
  mission: string;
  about: string;
  media: readonly PreviewMedia[];
  /** Accessible name of the preview (two previews never share one). */
  label: string;
}

/**
 * A phone-style preview of a Basic main page: hero carousel (previous/next, dots, counter), the charity's
 * name, Follow, Our Mission, About Us and Donate Now. Follow and Donate Now are pictures of buttons, not
 * controls: nothing here acts for real except the carousel.
 */
export function PhonePreview({ charityName, mission, about, media, label }: PhonePreviewProps) {
  return (
    <div className="phone">
      <div className="phone__speaker" aria-hidden="true" />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls, so keyboard users must reach it */}
      <section className="phone__screen" tabIndex={0} aria-label={label}>
        <HeroCarousel media={media} charityName={charityName} />
        <div className="phone__body">
          <div className="phone__head">
            <p className="phone__name">{charityName}</p>
            <span className="phone__button phone__button--ghost">Follow</span>
          </div>
          <div className="phone__section">
            <p className="phone__heading">Our Mission</p>
            {mission.trim() ? (
              <p className="phone__text">{mission}</p>
            ) : (
              <p className="phone__text phone__text--empty">Your mission statement will appear here.</p>
            )}
          </div>
          <div className="phone__section">
            <p className="phone__heading">About Us</p>
            {about.trim() ? (
              <p className="phone__text">{about}</p>
            ) : (
              <p className="phone__text phone__text--empty">Your story will appear here.</p>
            )}
          </div>
          <span className="phone__button phone__button--donate">Donate Now</span>
        </div>
      </section>
    </div>
  );
}

function HeroCarousel({ media, charityName }: { media: readonly PreviewMedia[]; charityName: string }) {
  const [index, setIndex] = useState(0);
  const id = useId();
  const count = media.length;
  const current = Math.min(index, Math.max(0, count - 1));

  // A removed slide: keep the index inside the list.
  useEffect(() => {
    if (index > 0 && index >= count) setIndex(Math.max(0, count - 1));
  }, [index, count]);

  if (count === 0) {
    return (
      <div className="hero hero--empty">
        <p>Your photos and videos will appear here.</p>
      </div>
    );
  }

  const go = (step: number) => setIndex((i) => stepIndex(Math.min(i, count - 1), step, count));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names a group, not a fieldset
    <div
      className="hero"
      role="group"
      aria-roledescription="carousel"
      aria-label={`${charityName} photos and videos`}
      onKeyDown={onKeyDown}
    >
      <div className="hero__stage">
        <div className="hero__viewport">
          <div className="hero__track" style={{ transform: `translateX(-${current * 100}%)` }}>
            {media.map((item, i) => (
              // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern)
              <div
                key={item.id}
                className="hero__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                inert={i !== current}
              >
                <figure className="hero__figure">
                  {item.type === 'video' ? (
                    <CaptionedVideo
                      captionFile={item.captionFile}
                      className="hero__media"
                      src={item.src}
                      muted
                      playsInline
                      preload="metadata"
                      aria-label={(item.alt ?? `${charityName} video ${i + 1} of ${count}`) || undefined}
                    />
                  ) : (
                    <img
                      className="hero__media"
                      src={item.src}
                      alt={item.alt ?? `${charityName}, slide ${i + 1} of ${count}`}
                    />
                  )}
                  {item.caption?.trim() ? (
                    <figcaption className="hero__caption">{item.caption.trim()}</figcaption>
                  ) : null}
                </figure>
                {item.type === 'video' ? <span className="hero__badge">Video</span> : null}
              </div>
            ))}
          </div>
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="hero__arrow hero__arrow--prev"
              aria-controls={`${id}-counter`}
              onClick={() => go(-1)}
            >
              <ChevronIcon direction="left" />
              <span className="visually-hidden">Previous slide</span>
            </button>
            <button
              type="button"
              className="hero__arrow hero__arrow--next"
              aria-controls={`${id}-counter`}
              onClick={() => go(1)}
            >
              <ChevronIcon direction="right" />
              <span className="visually-hidden">Next slide</span>
            </button>
          </>
        ) : null}
        <p className="hero__counter" id={`${id}-counter`} aria-live="polite" aria-atomic="true">
          <span aria-hidden="true">
            {current + 1} / {count}
          </span>
          <span className="visually-hidden">
            Slide {current + 1} of {count}
          </span>
        </p>
      </div>
      {count > 1 ? (
        <div className="hero__dots">
          {media.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className="hero__dot"
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M14.5 5.5 8 12l6.5 6.5' : 'M9.5 5.5 16 12l-6.5 6.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
