import type { Post, PostAction } from '@shared/api/schemas/posts';
import { POST_TYPE_LABELS, type PostType } from '@shared/posts';
import { useEffect, useRef } from 'react';
import { TextField } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { usePostEditor } from '../hooks/use-post-editor';
import { controlIdOf, FIELD_ORDER } from '../utils/post-form';
import { PostFields } from './post-fields';
import { PostMediaField } from './post-media-field';

interface PostEditorProps {
  type: PostType;
  /** The post being edited; none for a new post. */
  post?: Post;
  onSaved: (post: Post, action: PostAction) => void;
  onCancel?: () => void;
}

const BUSY: Record<PostAction, string> = {
  draft: 'Saving…',
  publish: 'Publishing…',
  schedule: 'Scheduling…',
};

/**
 * A post's form (new or edited): its fields by type, its photos or video, and three ways to save it (a draft,
 * published now, or scheduled for a UK time). Problems are listed in a summary that takes focus, each linked to
 * its field, and shown next to the field too.
 */
export function PostEditor({ type, post, onSaved, onCancel }: PostEditorProps) {
  const editor = usePostEditor(type, post);
  const { form, problems, busy, change } = editor;
  const summary = useRef<HTMLDivElement>(null);
  const listed = [...FIELD_ORDER, 'form'].filter((field) => problems[field]);
  const shownProblems = listed.map((field) => ({ field, message: problems[field] as string }));
  const attempt = useRef(0);

  useEffect(() => {
    if (attempt.current > 0 && shownProblems.length > 0) summary.current?.focus();
  });

  const submit = async (action: PostAction) => {
    attempt.current += 1;
    const saved = await editor.save(action);
    attempt.current = saved ? 0 : attempt.current;
    if (saved) onSaved(saved, action);
  };
  const label = POST_TYPE_LABELS[type].toLowerCase();

  return (
    <form
      className="post-editor"
      aria-label={post ? `Edit ${label}` : `New ${label}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit('publish');
      }}
    >
      {shownProblems.length > 0 ? (
        <div className="red-box post-editor__summary" role="alert" tabIndex={-1} ref={summary}>
          <AuthIcon name="alert" size={20} />
          <div>
            <p className="post-editor__summary-title">Please check this post:</p>
            <ul>
              {shownProblems.map(({ field, message }) => (
                <li key={field}>
                  {field === 'form' ? message : <a href={`#${controlIdOf(field)}`}>{message}</a>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <PostFields form={form} problems={problems} disabled={busy !== null} change={change} />
      <PostMediaField
        type={type}
        media={form.media}
        error={problems['content.media']}
        busy={busy !== null}
        onAdd={(files) => void editor.addFiles(files)}
        onRemove={editor.removeMedia}
        onWords={(item, words) =>
          change({ media: form.media.map((m) => (m.id === item.id ? { ...m, words } : m)) })
        }
        onProblem={editor.mediaProblem}
      />
      <fieldset className="post-field post-editor__when">
        <legend className="post-field__legend">Schedule (optional)</legend>
        <TextField
          id={controlIdOf('scheduled_for')}
          label="Publish on"
          type="datetime-local"
          hint="UK time. Used when you choose Schedule."
          value={form.scheduleAt}
          onValueChange={(scheduleAt) => change({ scheduleAt })}
          error={problems.scheduled_for}
          disabled={busy !== null}
        />
      </fieldset>
      {editor.progress !== null ? (
        <progress
          className="post-editor__progress"
          value={editor.progress}
          max={1}
          aria-label="Uploading photos and videos"
        />
      ) : null}
      <div className="post-editor__actions">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void submit('draft')}>
          {busy === 'draft' ? BUSY.draft : 'Save as draft'}
        </Button>
        <Button variant="secondary" disabled={busy !== null} onClick={() => void submit('schedule')}>
          {busy === 'schedule' ? BUSY.schedule : 'Schedule'}
        </Button>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'publish'
            ? BUSY.publish
            : post?.status === 'published'
              ? 'Save and keep published'
              : 'Publish now'}
        </Button>
        {onCancel ? (
          <Button variant="quiet" disabled={busy !== null} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {busy ? BUSY[busy] : ''}
      </p>
    </form>
  );
}
