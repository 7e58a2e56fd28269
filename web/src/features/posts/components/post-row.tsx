import type { Post } from '@shared/api/schemas/posts';
import { formatUkTime, POST_TYPE_LABELS } from '@shared/posts';
import { Button } from '@/components/ui/button';

const STATUS_LABEL: Record<Post['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** A post's heading in the list: its title, else the first line of its text. */
export function postHeading(post: Post): string {
  if (post.title) return post.title;
  const line = post.text.split('\n')[0]?.trim() ?? '';
  if (!line) return `${POST_TYPE_LABELS[post.type]} post`;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** When, in UK time: published at, scheduled for, or last saved. */
export function postWhen(post: Post): string {
  if (post.status === 'published' && post.published_at)
    return `Published ${formatUkTime(post.published_at)} UK time`;
  if (post.status === 'scheduled' && post.scheduled_for)
    return `Scheduled for ${formatUkTime(post.scheduled_for)} UK time`;
  return `Saved ${formatUkTime(post.updated_at)} UK time`;
}

interface PostRowProps {
  post: Post;
  busy: boolean;
  onEdit: (post: Post) => void;
  onUnpublish: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** One post in View Posts: type, heading, status, time, and its actions (each named after the post). */
export function PostRow({ post, busy, onEdit, onUnpublish, onDelete }: PostRowProps) {
  const heading = postHeading(post);
  const type = POST_TYPE_LABELS[post.type];
  return (
    <li className="post-row" data-post-id={post.id}>
      <span className="post-row__thumb" aria-hidden="true">
        {type[0]}
      </span>
      <span className="post-row__body">
        <span className="post-row__title">{heading}</span>
        <span className="post-row__meta">
          {type} · {postWhen(post)}
          {post.type === 'event' && post.starts_at
            ? ` · Event starts ${formatUkTime(post.starts_at)} UK time`
            : ''}
        </span>
      </span>
      <span
        className={`status-pill post-status post-status--${post.status}${post.status === 'published' ? ' status-pill--done' : ''}`}
      >
        {STATUS_LABEL[post.status]}
      </span>
      <span className="post-row__actions">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onEdit(post)}
          aria-label={`Edit ${heading}`}
        >
          Edit
        </Button>
        {post.status !== 'draft' ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onUnpublish(post)}
            aria-label={`Unpublish ${heading}`}
          >
            Unpublish
          </Button>
        ) : null}
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => onDelete(post)}
          aria-label={`Delete ${heading}`}
        >
          Delete
        </Button>
      </span>
    </li>
  );
}
