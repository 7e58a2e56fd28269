import * as z from 'zod';
import {
  EVENT_LINK_MAX,
  EVENT_PLACE_MAX,
  PHOTO_MAX,
  POST_FILTERS,
  POST_STATUSES,
  POST_TEXT_MAX,
  POST_TITLE_MAX,
  POST_TYPES,
  PostMessage,
  STORY_TEXT_MAX,
} from '../../posts';
import { MediaItem, MediaRef } from './media';

const Title = z
  .string({ error: PostMessage.TitleRequired })
  .trim()
  .min(1, { error: PostMessage.TitleRequired })
  .max(POST_TITLE_MAX, { error: PostMessage.TitleTooLong });
const text = (required: string | null, tooLong: string, max: number) => {
  const base = z.string({ error: required ?? 'text must be text' }).trim();
  return required
    ? base.min(1, { error: required }).max(max, { error: tooLong })
    : base.max(max, { error: tooLong });
};
const Instant = (required: string) =>
  z.iso.datetime({ error: required, offset: true }).transform((s) => new Date(s).toISOString());

const PhotoContent = z
  .object({
    type: z.literal('photo'),
    text: text(null, PostMessage.TextTooLong, POST_TEXT_MAX).default(''),
    media: z.array(MediaRef).max(PHOTO_MAX, { error: PostMessage.TooManyPhotos }),
  })
  .strict();
const VideoContent = z
  .object({
    type: z.literal('video'),
    text: text(PostMessage.DescriptionRequired, PostMessage.TextTooLong, POST_TEXT_MAX),
    media: z.array(MediaRef).max(1, { error: PostMessage.VideoOnly }),
  })
  .strict();
const StoryContent = z
  .object({
    type: z.literal('story'),
    title: Title,
    text: text(PostMessage.TextRequired, PostMessage.StoryTooLong, STORY_TEXT_MAX),
    media: z.array(MediaRef).max(1, { error: PostMessage.ImageOnly }).default([]),
  })
  .strict();
const EventContent = z
  .object({
    type: z.literal('event'),
    title: Title,
    text: text(PostMessage.DescriptionRequired, PostMessage.TextTooLong, POST_TEXT_MAX),
    starts_at: Instant(PostMessage.StartRequired),
    ends_at: Instant(PostMessage.EndRequired),
    online: z.boolean({ error: 'online must be true or false' }),
    place: z.string().trim().max(EVENT_PLACE_MAX).default(''),
    link: z.string().trim().max(EVENT_LINK_MAX).default(''),
    media: z.array(MediaRef).max(1, { error: PostMessage.ImageOnly }).default([]),
  })
  .strict();

/** What a post says, by type (its media as the media pipeline's refs: new uploads by key, kept items by id). */
export const PostContent = z.discriminatedUnion(
  'type',
  [PhotoContent, VideoContent, StoryContent, EventContent],
  {
    error: `type must be one of: ${POST_TYPES.join(', ')}`,
  },
);
export type PostContent = z.infer<typeof PostContent>;

/** Save as a draft, publish now, or schedule for `scheduled_for` (a UTC instant). */
export const PostAction = z.enum(['draft', 'publish', 'schedule'], {
  error: 'action must be one of: draft, publish, schedule',
});
export type PostAction = z.infer<typeof PostAction>;

const Save = {
  content: PostContent,
  action: PostAction,
  scheduled_for: Instant(PostMessage.ScheduleRequired).optional(),
};

export const CreatePostRequest = z.object(Save).strict();
export type CreatePostRequest = z.infer<typeof CreatePostRequest>;

const PostId = z
  .string({ error: PostMessage.NotFound })
  .regex(/^[0-9a-z]{10,40}$/, { error: PostMessage.NotFound });

export const UpdatePostRequest = z
  .object({ postId: PostId, ...Save, version: z.number({ error: 'version is required' }).int().min(0) })
  .strict();
export type UpdatePostRequest = z.infer<typeof UpdatePostRequest>;

export const PostIdRequest = z.object({ postId: PostId }).strict();
export type PostIdRequest = z.infer<typeof PostIdRequest>;

export const PostStatus = z.enum(POST_STATUSES);

/** A post as its charity sees it. */
export const Post = z.object({
  id: z.string(),
  type: z.enum(POST_TYPES),
  status: PostStatus,
  title: z.string(),
  text: z.string(),
  media: z.array(MediaItem),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  online: z.boolean(),
  place: z.string(),
  link: z.string(),
  scheduled_for: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Post = z.infer<typeof Post>;

export const PostResponse = z.object({ success: z.literal(true), post: Post });
export type PostResponse = z.infer<typeof PostResponse>;

const filterIds = POST_FILTERS.map((f) => f.id) as [string, ...string[]];
export const ListPostsRequest = z
  .object({
    filter: z
      .enum(filterIds, { error: 'filter must be one of: all, published, draft, scheduled' })
      .default('all'),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  })
  .strict();
export type ListPostsRequest = z.infer<typeof ListPostsRequest>;

export const ListPostsResponse = z.object({
  success: z.literal(true),
  /** The stage's launch switch (`updates.open`): closed, the dashboard keeps its previews and the list is empty. */
  updates_open: z.boolean(),
  counts: z.object({
    all: z.number().int(),
    published: z.number().int(),
    draft: z.number().int(),
    scheduled: z.number().int(),
  }),
  posts: z.array(Post),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ListPostsResponse = z.infer<typeof ListPostsResponse>;

/** A published post on the public page. */
export const PublicPost = z.object({
  id: z.string(),
  type: z.enum(POST_TYPES),
  title: z.string(),
  text: z.string(),
  media: z.array(
    z.object({
      file_path: z.string(),
      media_type: z.enum(['image', 'video']),
      alt: z.string(),
      caption_file_path: z.string().nullable(),
    }),
  ),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  online: z.boolean(),
  place: z.string(),
  link: z.string(),
  published_at: z.string(),
});
export type PublicPost = z.infer<typeof PublicPost>;

export const PostDocumentRequest = z
  .object({ registrationNumber: z.string().max(64), postId: PostId.optional() })
  .strict();
