import { AuthIcon } from '@/components/ui/auth-icon';
import type { FormMedia } from '../utils/explore-form';
import { ExploreIcon } from './explore-icon';

/** A grid or feed item's picture in the explore form (a video with its badge). */
export function MediaThumb({ item, alt }: { item: FormMedia; alt: string }) {
  return item.type === 'video' ? (
    <span className="media-thumb media-thumb--video">
      <video src={item.preview} muted playsInline preload="metadata" aria-label={alt} />
      <span className="media-thumb__badge">
        <ExploreIcon name="video" size={14} /> Video
      </span>
    </span>
  ) : (
    <span className="media-thumb">
      <img src={item.preview} alt={alt} />
    </span>
  );
}

/** A field's problem under it. */
export function FieldProblem({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="form-field__error" id={id} role="alert">
      <AuthIcon name="alert" size={16} className="form-field__error-icon" />
      <span>{message}</span>
    </p>
  ) : null;
}
