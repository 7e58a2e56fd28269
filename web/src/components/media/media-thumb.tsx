import './media.css';
import { MediaIcon } from './media-icon';

/**
 * A chosen or saved item's picture in an editor (a video with its badge). `alt` is empty when the words beside
 * it already name the item.
 */
export function MediaThumb({
  item,
  alt,
}: {
  item: { type: 'image' | 'video'; preview: string };
  alt: string;
}) {
  return item.type === 'video' ? (
    <span className="media-thumb media-thumb--video">
      <video src={item.preview} muted playsInline preload="metadata" aria-label={alt || undefined} />
      <span className="media-thumb__badge">
        <MediaIcon name="video" size={14} /> Video
      </span>
    </span>
  ) : (
    <span className="media-thumb">
      <img src={item.preview} alt={alt} />
    </span>
  );
}
