import type { Post, PostAction } from '@shared/api/schemas/posts';
import { formatUkTime, POST_TYPE_LABELS, POST_TYPES, type PostType } from '@shared/posts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { requestDashboardTab } from '@/lib/dashboard-tabs';
import { confirmLeave } from '@/lib/unsaved/leave-guard';
import { PostEditor } from './post-editor';
import { PostsGate } from './posts-gate';
import './posts.css';

const HINTS: Record<PostType, string> = {
  photo: '1 to 10 photos with a caption',
  video: 'One video with a description',
  story: 'A title and up to 5,000 characters',
  event: 'A date, a place or a link',
};

/** What a save did, in words ("Your story is scheduled for Tue, 4 Nov 2025, 18:30 UK time."). */
export function savedMessage(post: Post, action: PostAction): string {
  const noun = POST_TYPE_LABELS[post.type].toLowerCase();
  if (action === 'schedule' && post.scheduled_for)
    return `Your ${noun} is scheduled for ${formatUkTime(post.scheduled_for)} UK time.`;
  return action === 'draft' ? `Your ${noun} is saved as a draft.` : `Your ${noun} is published.`;
}

function CreatePosts() {
  const [type, setType] = useState<PostType>('story');
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) notice.current?.focus();
  }, [done]);

  const choose = (next: PostType) => {
    void confirmLeave().then((leave) => {
      if (!leave) return;
      setType(next);
      setDone(null);
    });
  };

  return (
    <>
      {done ? (
        <div ref={notice} tabIndex={-1} className="post-done">
          <Notice tone="success" role="status">
            <p>{done}</p>
            <p>
              <button type="button" className="link-button" onClick={() => requestDashboardTab('view-posts')}>
                View your posts
              </button>
            </p>
          </Notice>
        </div>
      ) : null}
      <div className="card post-create">
        <fieldset className="post-field">
          <legend className="dash-card__title">Choose a post type</legend>
          <div className="post-types post-types--choice">
            {POST_TYPES.map((t) => (
              <label key={t} className={`post-type${t === type ? ' post-type--on' : ''}`}>
                <input
                  type="radio"
                  name="post-type"
                  value={t}
                  className="post-type__input"
                  checked={t === type}
                  onChange={() => choose(t)}
                />
                <span className="post-type__label">{POST_TYPE_LABELS[t]}</span>
                <span className="post-type__hint">{HINTS[t]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PostEditor
          key={`${type}-${round}`}
          type={type}
          onSaved={(post, action) => {
            setDone(savedMessage(post, action));
            setRound((r) => r + 1);
          }}
        />
      </div>
    </>
  );
}

/** The dashboard's Create Posts tab: the editor once posts are open, else the 'Coming Soon' preview. */
export function CreatePostsTab({ closed }: { closed: ReactNode }) {
  return (
    <PostsGate closed={closed}>
      <div className="dash-stack posts">
        <header className="tab-intro">
          <h2 className="tab-intro__title">Create Posts</h2>
          <p>Share photos, videos, stories and events with the people who follow your charity.</p>
        </header>
        <CreatePosts />
      </div>
    </PostsGate>
  );
}
