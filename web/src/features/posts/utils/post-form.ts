import type { MediaRef } from '@shared/api/schemas/media';
import type { CreatePostRequest, Post, PostAction } from '@shared/api/schemas/posts';
import {
  PHOTO_MAX,
  POST_TEXT_MAX,
  POST_TITLE_MAX,
  PostMessage,
  type PostType,
  SCHEDULE_MAX_DAYS,
  STORY_TEXT_MAX,
  ukLocalToUtc,
  utcToUkLocal,
} from '@shared/posts';
import { storedWords, type WordsDraft, wordsProblem, wordsRef } from '@/lib/media/media-words';

/** A photo or video of the form: saved (`existingMediaId`) or chosen here (uploaded on save). */
export interface PostMedia {
  id: string;
  type: 'image' | 'video';
  preview: string;
  existingMediaId: string | null;
  words: WordsDraft;
}

/** The editor's fields, as typed; times are UK wall-clock times (`YYYY-MM-DDTHH:mm`). */
export interface PostForm {
  type: PostType;
  title: string;
  text: string;
  startsAt: string;
  endsAt: string;
  online: boolean;
  place: string;
  link: string;
  scheduleAt: string;
  media: PostMedia[];
}

/** A field's problem, keyed by the API's field names (`content.title`, `scheduled_for`, ...). */
export type FormProblems = Partial<Record<string, string>>;

export const emptyForm = (type: PostType): PostForm => ({
  type,
  title: '',
  text: '',
  startsAt: '',
  endsAt: '',
  online: false,
  place: '',
  link: '',
  scheduleAt: '',
  media: [],
});

/** A saved post in the editor (its saved media kept by id). */
export function formOfPost(post: Post, previewOf: (filePath: string) => string): PostForm {
  return {
    type: post.type,
    title: post.title,
    text: post.text,
    startsAt: post.starts_at ? utcToUkLocal(post.starts_at) : '',
    endsAt: post.ends_at ? utcToUkLocal(post.ends_at) : '',
    online: post.online,
    place: post.place,
    link: post.link,
    scheduleAt: post.scheduled_for ? utcToUkLocal(post.scheduled_for) : '',
    media: post.media.map((m) => ({
      id: m.id,
      type: m.media_type,
      preview: previewOf(m.file_path),
      existingMediaId: m.id,
      words: storedWords(m),
    })),
  };
}

/** What a form's text limit is, by type (a story is longer in words but the same count today). */
export const textMaxOf = (type: PostType) => (type === 'story' ? STORY_TEXT_MAX : POST_TEXT_MAX);

export const hasTitle = (type: PostType) => type === 'story' || type === 'event';

/** The text field's label by type. */
export const textLabelOf = (type: PostType) =>
  type === 'story' ? 'Your story' : type === 'photo' ? 'Caption' : 'Description';

/** How many photos or videos a type takes, and of which kind. */
export const mediaRuleOf = (type: PostType): { max: number; kind: 'image' | 'video'; required: boolean } =>
  type === 'photo'
    ? { max: PHOTO_MAX, kind: 'image', required: true }
    : type === 'video'
      ? { max: 1, kind: 'video', required: true }
      : { max: 1, kind: 'image', required: false };

const DAY_MS = 86_400_000;

/**
 * The problems a save would meet, found before sending (in the API's words); the server checks everything again
 * and its answer is shown the same way.
 */
export function checkForm(form: PostForm, action: PostAction, now: Date): FormProblems {
  const problems: FormProblems = {};
  const { type } = form;
  if (hasTitle(type)) {
    if (!form.title.trim()) problems['content.title'] = PostMessage.TitleRequired;
    else if (form.title.trim().length > POST_TITLE_MAX) problems['content.title'] = PostMessage.TitleTooLong;
  }
  const text = form.text.trim();
  if (text.length > textMaxOf(type))
    problems['content.text'] = type === 'story' ? PostMessage.StoryTooLong : PostMessage.TextTooLong;
  else if (!text && type === 'story') problems['content.text'] = PostMessage.TextRequired;
  else if (!text && type !== 'photo') problems['content.text'] = PostMessage.DescriptionRequired;
  if (type === 'event') {
    const starts = ukLocalToUtc(form.startsAt);
    const ends = ukLocalToUtc(form.endsAt);
    if (!starts) problems['content.starts_at'] = PostMessage.StartRequired;
    if (!ends) problems['content.ends_at'] = PostMessage.EndRequired;
    else if (starts && ends <= starts) problems['content.ends_at'] = PostMessage.EndBeforeStart;
    if (form.online && !form.link.trim()) problems['content.link'] = PostMessage.LinkRequired;
    if (!form.online && !form.place.trim()) problems['content.place'] = PostMessage.PlaceRequired;
  }
  const rule = mediaRuleOf(type);
  if (rule.required && form.media.length === 0)
    problems['content.media'] = type === 'photo' ? PostMessage.PhotosRequired : PostMessage.VideoRequired;
  else if (form.media.length > rule.max)
    problems['content.media'] = type === 'photo' ? PostMessage.TooManyPhotos : PostMessage.VideoOnly;
  else {
    const words = form.media.map((m) => wordsProblem(m.words)).find(Boolean);
    if (words) problems['content.media'] = words.message;
  }
  if (action === 'schedule') {
    const at = ukLocalToUtc(form.scheduleAt);
    if (!at) problems.scheduled_for = PostMessage.ScheduleRequired;
    else if (new Date(at).getTime() <= now.getTime()) problems.scheduled_for = PostMessage.ScheduleInPast;
    else if (new Date(at).getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)
      problems.scheduled_for = PostMessage.ScheduleTooFar;
  }
  return problems;
}

/** The save's body: media as refs (new uploads by their key, kept ones by id). */
export function toRequest(
  form: PostForm,
  action: PostAction,
  keys: ReadonlyMap<string, string>,
): CreatePostRequest {
  const media: MediaRef[] = form.media.map((m) => {
    const words = wordsRef(m.words);
    if (m.existingMediaId) return { mediaId: m.existingMediaId, ...words };
    const key = keys.get(m.id);
    if (!key) throw new Error('A photo or video has not been uploaded');
    return { key, ...words };
  });
  const text = form.text.trim();
  const title = form.title.trim();
  const content: CreatePostRequest['content'] =
    form.type === 'photo'
      ? { type: 'photo', text, media }
      : form.type === 'video'
        ? { type: 'video', text, media }
        : form.type === 'story'
          ? { type: 'story', title, text, media }
          : {
              type: 'event',
              title,
              text,
              starts_at: ukLocalToUtc(form.startsAt) ?? '',
              ends_at: ukLocalToUtc(form.endsAt) ?? '',
              online: form.online,
              place: form.online ? '' : form.place.trim(),
              link: form.online ? form.link.trim() : '',
              media,
            };
  const scheduled = action === 'schedule' ? ukLocalToUtc(form.scheduleAt) : null;
  return { action, content, ...(scheduled ? { scheduled_for: scheduled } : {}) };
}

/** Whether two forms say the same (the unsaved-changes guard). */
export function sameForm(a: PostForm, b: PostForm): boolean {
  const media = (f: PostForm) => f.media.map((m) => [m.id, m.words.alt, m.words.decorative, m.words.caption]);
  return JSON.stringify({ ...a, media: media(a) }) === JSON.stringify({ ...b, media: media(b) });
}

/** The order of the fields on screen: the error summary lists problems in it. */
export const FIELD_ORDER = [
  'content.title',
  'content.text',
  'content.starts_at',
  'content.ends_at',
  'content.place',
  'content.link',
  'content.media',
  'scheduled_for',
] as const;

/** The id of a field's control, for the error summary's links and for focus. */
export const controlIdOf = (field: string) => `post-${field.replace(/^content\./, '').replace(/[._]/g, '-')}`;
