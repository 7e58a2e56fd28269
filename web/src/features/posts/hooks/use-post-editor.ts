import type { Post, PostAction } from '@shared/api/schemas/posts';
import { mediaUrl } from '@shared/media';
import type { PostType } from '@shared/posts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { isApiError, messageOf } from '@/lib/api-errors';
import { EMPTY_WORDS } from '@/lib/media/media-words';
import { useMediaDraft } from '@/lib/media/use-media-draft';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { createPost, postsChanged, updatePost, uploadPostFile } from '../api/posts-api';
import {
  checkForm,
  emptyForm,
  type FormProblems,
  formOfPost,
  type PostForm,
  type PostMedia,
  sameForm,
  toRequest,
} from '../utils/post-form';

/** The API's field of a problem as the form names it (`content.media.2` is the media field). */
const formField = (field: string | undefined) =>
  !field ? 'form' : field.startsWith('content.media') ? 'content.media' : field;

export interface PostEditor {
  form: PostForm;
  change: (patch: Partial<PostForm>) => void;
  problems: FormProblems;
  busy: PostAction | null;
  /** Upload progress of the photos and videos, 0..1, while a save sends them. */
  progress: number | null;
  addFiles: (files: File[]) => Promise<void>;
  removeMedia: (item: PostMedia) => void;
  /** A chosen file refused at once (wrong type, too large). */
  mediaProblem: (message: string) => void;
  save: (action: PostAction) => Promise<Post | null>;
}

/**
 * A post's editor state: the fields, the chosen photos and videos (through the shared media draft), the rules
 * checked before sending, the save (uploads first, then create or update) and the unsaved-changes guard.
 */
export function usePostEditor(type: PostType, post?: Post): PostEditor {
  const { mediaBaseUrl } = useRuntimeConfig();
  const initial = useMemo(
    () => (post ? formOfPost(post, (path) => mediaUrl(mediaBaseUrl, path)) : emptyForm(type)),
    [post, type, mediaBaseUrl],
  );
  const [form, setForm] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [problems, setProblems] = useState<FormProblems>({});
  const [busy, setBusy] = useState<PostAction | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const media = useMediaDraft();
  const version = useRef(post?.version ?? 0);
  const postId = useRef(post?.id ?? null);

  useUnsavedChanges(!sameForm(form, saved));

  const change = useCallback((patch: Partial<PostForm>) => setForm((f) => ({ ...f, ...patch })), []);

  const addFiles = useCallback(
    async (files: File[]) => {
      try {
        const drafts = await Promise.all(files.map((file) => media.prepare(file)));
        setForm((f) => ({
          ...f,
          media: [
            ...f.media,
            ...drafts.map((d) => ({
              id: d.id,
              type: d.media.mediaType,
              preview: d.preview,
              existingMediaId: null,
              words: EMPTY_WORDS,
            })),
          ],
        }));
        setProblems(({ 'content.media': _, ...rest }) => rest);
      } catch (error) {
        setProblems((p) => ({ ...p, 'content.media': messageOf(error) }));
      }
    },
    [media],
  );

  const removeMedia = useCallback(
    (item: PostMedia) => {
      if (!item.existingMediaId) media.discard(item.id, item.preview);
      setForm((f) => ({ ...f, media: f.media.filter((m) => m.id !== item.id) }));
    },
    [media],
  );

  const mediaProblem = useCallback(
    (message: string) => setProblems((p) => ({ ...p, 'content.media': message })),
    [],
  );

  const save = async (action: PostAction): Promise<Post | null> => {
    const found = checkForm(form, action, new Date());
    setProblems(found);
    if (Object.keys(found).length > 0) return null;
    setBusy(action);
    try {
      const pending = form.media.filter((m) => !m.existingMediaId);
      if (pending.length > 0) setProgress(0);
      const keys = await media.uploadEach(
        pending,
        (file, _item, onProgress) => uploadPostFile(file, onProgress),
        {
          progress: (item, fraction) => setProgress((pending.indexOf(item) + fraction) / pending.length),
        },
      );
      const body = toRequest(form, action, keys);
      const answer = postId.current
        ? await updatePost({ ...body, postId: postId.current, version: version.current })
        : await createPost(body);
      version.current = answer.post.version;
      postId.current = answer.post.id;
      media.forgetUploads();
      setSaved(form);
      await postsChanged();
      return answer.post;
    } catch (error) {
      const field = formField(isApiError(error) ? error.field : undefined);
      setProblems({ [field]: messageOf(error) });
      return null;
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  return { form, change, problems, busy, progress, addFiles, removeMedia, mediaProblem, save };
}
