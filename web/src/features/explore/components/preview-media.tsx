import { useState } from 'react';
import { CaptionedVideo } from '@/components/media/caption-track';
import { initialsOf } from '@/lib/format';
import { altOf } from '@/lib/media/media-words';
import type { SampleCharity } from '../data/sample-charities';
import type { FormMedia } from '../utils/explore-form';
import type { PreviewPost } from '../utils/preview';
import { ExploreIcon } from './explore-icon';

/** The charity's own words and pictures, as the phone preview shows them. */
export interface PreviewContent {
  name: string;
  avatarUrl: string | null;
  shortDescription: string;
  longDescription: string;
  grid: FormMedia | null;
  feed: FormMedia[];
  /** Its published posts, newest first (empty while `updates.open` is off): decision 20.30. */
  posts: PreviewPost[];
}

/**
 * One picture of the charity's own: an image, or a video's first frame with a video mark (and its caption file
 * as captions), with the charity's caption under it as on the public page.
 */
export function OwnMedia({
  item,
  alt: fallback,
  className,
  showCaption = true,
}: {
  item: FormMedia;
  alt: string;
  className: string;
  /** False for thumbnails too small to read a caption on (the strip under the phone). */
  showCaption?: boolean;
}) {
  const alt = altOf(item.words, fallback);
  const caption = showCaption ? item.words.caption.trim() : '';
  const video = item.type === 'video';
  return (
    <figure className={`${className} preview-media${video ? ' preview-media--video' : ''}`}>
      {video ? (
        <>
          <CaptionedVideo
            captionFile={item.words.captionFile}
            src={item.preview}
            muted
            playsInline
            preload="metadata"
            aria-label={alt || undefined}
          />
          <span className="preview-media__badge" aria-hidden="true">
            <ExploreIcon name="video" size={14} />
          </span>
        </>
      ) : (
        <img src={item.preview} alt={alt} />
      )}
      {caption ? <figcaption className="preview-media__caption">{caption}</figcaption> : null}
    </figure>
  );
}

/** An empty frame where the charity's picture will go. */
export function MissingMedia({ className, label }: { className: string; label: string }) {
  return (
    <span className={`${className} preview-media preview-media--missing`}>
      <ExploreIcon name="image" size={22} />
      <span>{label}</span>
    </span>
  );
}

/** A sample charity's picture: its two colours and initials (decorative). */
export function SampleMedia({ sample, className }: { sample: SampleCharity; className: string }) {
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

export function Avatar({ name, src }: { name: string; src: string | null }) {
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

export const placeholder = (text: string, fallback: string) =>
  text.trim() ? text : <span className="preview-placeholder">{fallback}</span>;
