import type { PublicPost } from '@shared/api/schemas/posts';
import { mediaUrl } from '@shared/media';
import { formatUkTime, postAnchor } from '@shared/posts';

/** The charity's published posts, newest first (issue 44): server-rendered with the page, nothing interactive. */
export function CharityPosts({
  posts,
  registrationNumber,
  mediaBaseUrl,
}: {
  posts: readonly PublicPost[];
  registrationNumber: string;
  mediaBaseUrl: string;
}) {
  if (posts.length === 0) return null;
  return (
    <section className="card charity-page__posts" aria-labelledby="charity-posts-title">
      <h2 id="charity-posts-title">Updates</h2>
      <ol className="charity-posts">
        {posts.map((post) => (
          <li key={post.id} id={postAnchor(post.id)} className="charity-post">
            <article aria-labelledby={`${postAnchor(post.id)}-title`}>
              <h3 id={`${postAnchor(post.id)}-title`}>{post.title || formatUkTime(post.published_at)}</h3>
              <p className="charity-post__meta">
                <time dateTime={post.published_at}>{formatUkTime(post.published_at)}</time>
              </p>
              {post.type === 'event' && post.starts_at && post.ends_at ? (
                <p className="charity-post__event">
                  <time dateTime={post.starts_at}>{formatUkTime(post.starts_at)}</time> to{' '}
                  <time dateTime={post.ends_at}>{formatUkTime(post.ends_at)}</time> (UK time),{' '}
                  {post.online ? (
                    <a href={post.link} rel="noopener noreferrer">
                      Online
                    </a>
                  ) : (
                    post.place
                  )}{' '}
                  <a
                    href={`/api/charities/${registrationNumber}/posts/${post.id}/event.ics`}
                    download="event.ics"
                  >
                    Add to calendar
                  </a>
                </p>
              ) : null}
              {post.text ? <p className="charity-post__text">{post.text}</p> : null}
              {post.media.map((m) =>
                m.media_type === 'video' ? (
                  // biome-ignore lint/a11y/useMediaCaption: a caption file is offered when the charity added one
                  <video
                    key={m.file_path}
                    src={mediaUrl(mediaBaseUrl, m.file_path)}
                    controls
                    playsInline
                    preload="none"
                    aria-label={m.alt || undefined}
                    width={600}
                    height={338}
                  />
                ) : (
                  <img
                    key={m.file_path}
                    src={mediaUrl(mediaBaseUrl, m.file_path)}
                    alt={m.alt}
                    width={600}
                    height={600}
                    loading="lazy"
                    decoding="async"
                  />
                ),
              )}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
