import type { Post } from '@shared/api/schemas/posts';
import { POST_FILTERS, type PostFilter } from '@shared/posts';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadingStatus } from '@/components/ui/loading-status';
import { messageOf } from '@/lib/api-errors';
import { confirmLeave } from '@/lib/unsaved/leave-guard';
import { deletePost, postsChanged, unpublishPost, usePostsQuery } from '../api/posts-api';
import { savedMessage } from './create-posts';
import { PostEditor } from './post-editor';
import { PostRow, postHeading } from './post-row';
import { PostsGate } from './posts-gate';
import './posts.css';

const tabId = (filter: PostFilter) => `posts-tab-${filter}`;

/** All, Published, Drafts, Scheduled with their counts (the WAI-ARIA tabs pattern, arrow keys between them). */
function FilterTabs({
  filter,
  counts,
  onSelect,
}: {
  filter: PostFilter;
  counts: Record<PostFilter, number> | undefined;
  onSelect: (filter: PostFilter) => void;
}) {
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = POST_FILTERS.findIndex((f) => f.id === filter);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = POST_FILTERS[(index + step + POST_FILTERS.length) % POST_FILTERS.length]?.id ?? 'all';
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className="post-filters" role="tablist" aria-label="Posts by status" onKeyDown={keys}>
      {POST_FILTERS.map((f) => (
        <button
          key={f.id}
          id={tabId(f.id)}
          type="button"
          role="tab"
          aria-selected={f.id === filter}
          aria-controls="posts-list"
          tabIndex={f.id === filter ? 0 : -1}
          className={`post-filter${f.id === filter ? ' post-filter--on' : ''}`}
          onClick={() => onSelect(f.id)}
        >
          {f.label} <span className="post-filter__count">({counts?.[f.id] ?? 0})</span>
        </button>
      ))}
    </div>
  );
}

function ViewPosts() {
  const [filter, setFilter] = useState<PostFilter>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const list = usePostsQuery(filter, page);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = list.data;
  // Counts stay on screen while another tab or page loads.
  const lastCounts = useRef<Record<PostFilter, number> | undefined>(undefined);
  if (data) lastCounts.current = data.counts;
  const counts = lastCounts.current;

  useEffect(() => {
    if (!editing && message) heading.current?.focus();
  }, [editing, message]);

  const select = (next: PostFilter) => {
    setFilter(next);
    setPage(1);
  };

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      await postsChanged();
      setMessage({ text: done, error: false });
    } catch (error) {
      setMessage({ text: messageOf(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  if (editing)
    return (
      <div className="card">
        <h3 className="dash-card__title">Edit: {postHeading(editing)}</h3>
        <PostEditor
          type={editing.type}
          post={editing}
          onSaved={(post, action) => {
            setEditing(null);
            setMessage({ text: savedMessage(post, action), error: false });
          }}
          // Cancel drops unsaved edits only once the leave dialog says so (as the main page editor's Back).
          onCancel={() => void confirmLeave().then((leave) => leave && setEditing(null))}
        />
      </div>
    );

  return (
    <div className="card">
      <h3 className="visually-hidden" tabIndex={-1} ref={heading}>
        Your posts
      </h3>
      <p className={message?.error ? 'post-message post-message--error' : 'post-message'} role="status">
        {message?.text ?? ''}
      </p>
      <FilterTabs filter={filter} counts={counts} onSelect={select} />
      <div id="posts-list" role="tabpanel" aria-labelledby={tabId(filter)}>
        {list.status === 'loading' ? <LoadingStatus>Loading your posts...</LoadingStatus> : null}
        {list.status === 'error' ? (
          <p role="alert">Failed to load your posts: {messageOf(list.error)}</p>
        ) : null}
        {data && data.posts.length === 0 ? <p className="post-empty">No posts here yet.</p> : null}
        {data && data.posts.length > 0 ? (
          <ul className="post-list">
            {data.posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                busy={busy}
                onEdit={setEditing}
                onUnpublish={(p) =>
                  void act(() => unpublishPost(p.id), `“${postHeading(p)}” is back in your drafts.`)
                }
                onDelete={setDeleting}
              />
            ))}
          </ul>
        ) : null}
        {data && data.pages > 1 ? (
          <nav className="post-pages" aria-label="Pages of posts">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <span>
              Page {data.page} of {data.pages}
            </span>
            <Button variant="secondary" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
              Next page
            </Button>
          </nav>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        tone="danger"
        title="Delete this post?"
        text={
          <p>“{deleting ? postHeading(deleting) : ''}” and its photos or video will be deleted for good.</p>
        }
        confirmLabel="Delete post"
        busyLabel="Deleting…"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const post = deleting;
          if (!post) return;
          void act(() => deletePost(post.id), `“${postHeading(post)}” is deleted.`).then(() =>
            setDeleting(null),
          );
        }}
        returnFocus={() => heading.current}
      />
    </div>
  );
}

/** The dashboard's View Posts tab: the charity's posts once posts are open, else the 'Coming Soon' preview. */
export function ViewPostsTab({ closed }: { closed: ReactNode }) {
  return (
    <PostsGate closed={closed}>
      <div className="dash-stack posts">
        <header className="tab-intro">
          <h2 className="tab-intro__title">View Posts</h2>
          <p>Everything you have shared, drafted or scheduled, in one place.</p>
        </header>
        <ViewPosts />
      </div>
    </PostsGate>
  );
}
