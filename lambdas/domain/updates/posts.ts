import { ErrorCode } from '@shared/api/error-codes';
import type { MediaRef } from '@shared/api/schemas/media';
import type {
  CreatePostRequest,
  ListPostsRequest,
  ListPostsResponse,
  Post,
  PostContent,
  PostResponse,
  UpdatePostRequest,
} from '@shared/api/schemas/posts';
import { POSTS_PAGE_SIZE, PostMessage, type PostStatus, SCHEDULE_MAX_DAYS } from '@shared/posts';
import type { PostScheduler } from '../../adapters/scheduler';
import { newPostId, type PostData, type PostRecord } from '../../data/posts';
import type { UploadData } from '../../data/uploads';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { checkAppearsOnce, droppedFiles, planMediaList, saveMediaList } from '../media/media-list';
import { deleteFilesQuietly, type UploadDeps } from '../media/uploads';
import type { PostAnnouncer } from './announcer';
import { type AnnounceDeps, announcePost } from './publish';

export interface PostDeps extends UploadDeps, AnnounceDeps {
  posts: PostData;
  uploads: UploadData;
  /** The stage's launch switch (`updates.open`). */
  updatesOpen: boolean;
  announcer: PostAnnouncer;
  /** The post's one-off schedule at its time (decision 20.1); only create-post and update-post have one. */
  scheduler: PostScheduler;
  warn: (message: string, extra: Record<string, unknown>) => void;
}

const DAY_MS = 86_400_000;

/** Refuses every change while the stage's launch switch is closed. */
export function requireOpen(deps: Pick<PostDeps, 'updatesOpen'>): void {
  if (!deps.updatesOpen)
    throw new AppError({ statusCode: 403, code: ErrorCode.UpdatesClosed, message: PostMessage.Closed });
}

export function toApiPost(r: PostRecord): Post {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    title: r.title,
    text: r.text,
    media: r.media,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    online: r.online,
    place: r.place,
    link: r.link,
    scheduled_for: r.scheduled_for,
    published_at: r.published_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
  };
}

/** The rules zod cannot see alone: media counts, the event's times and place, the schedule. */
function checkContent(content: PostContent): void {
  if (content.type === 'photo' && content.media.length === 0)
    throw new ValidationError(PostMessage.PhotosRequired, 'content.media');
  if (content.type === 'video' && content.media.length !== 1)
    throw new ValidationError(PostMessage.VideoRequired, 'content.media');
  if (content.type === 'event') {
    if (content.ends_at <= content.starts_at)
      throw new ValidationError(PostMessage.EndBeforeStart, 'content.ends_at');
    if (content.online) {
      if (!content.link) throw new ValidationError(PostMessage.LinkRequired, 'content.link');
      if (!isHttpsUrl(content.link)) throw new ValidationError(PostMessage.LinkInvalid, 'content.link');
    } else if (!content.place) throw new ValidationError(PostMessage.PlaceRequired, 'content.place');
  }
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The status and times a save leads to. */
function statusOf(
  input: Pick<CreatePostRequest, 'action' | 'scheduled_for'>,
  now: Date,
  before?: PostRecord,
): Pick<PostRecord, 'status' | 'scheduled_for' | 'published_at'> {
  if (input.action !== 'schedule' && input.scheduled_for !== undefined)
    throw new ValidationError(PostMessage.ScheduleOnlyWhenScheduling, 'scheduled_for');
  if (input.action === 'draft') return { status: 'draft', scheduled_for: null, published_at: null };
  if (input.action === 'publish')
    // Saving a published post keeps its publication time (and is not announced again).
    return before?.status === 'published'
      ? { status: 'published', scheduled_for: null, published_at: before.published_at }
      : { status: 'published', scheduled_for: null, published_at: now.toISOString() };
  if (!input.scheduled_for) throw new ValidationError(PostMessage.ScheduleRequired, 'scheduled_for');
  const at = new Date(input.scheduled_for).getTime();
  if (at <= now.getTime()) throw new ValidationError(PostMessage.ScheduleInPast, 'scheduled_for');
  if (at > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)
    throw new ValidationError(PostMessage.ScheduleTooFar, 'scheduled_for');
  return { status: 'scheduled', scheduled_for: input.scheduled_for, published_at: null };
}

/** Which media a post type takes, checked on the saved records (their type is known once checked). */
function checkMediaTypes(content: PostContent, media: PostRecord['media']): void {
  media.forEach((m, i) => {
    const field = `content.media.${i}`;
    if (content.type === 'photo' && m.media_type !== 'image')
      throw new ValidationError(PostMessage.PhotosOnly, field);
    if (content.type === 'video' && m.media_type !== 'video')
      throw new ValidationError(PostMessage.VideoOnly, field);
    if ((content.type === 'story' || content.type === 'event') && m.media_type !== 'image')
      throw new ValidationError(PostMessage.ImageOnly, field);
  });
}

/** Saves a post (new or over `before`): its media through the one media pipeline, then announces a publication. */
async function savePost(
  deps: PostDeps,
  userId: string,
  input: CreatePostRequest,
  before: PostRecord | undefined,
): Promise<PostResponse> {
  requireOpen(deps);
  const content = input.content;
  checkContent(content);
  const now = deps.clock.now();
  const status = statusOf(input, now, before);
  const refs: MediaRef[] = content.media;
  checkAppearsOnce(refs, 'content.media');
  const id = before?.id ?? newPostId(now);
  const plan = planMediaList<PostRecord['media'][number]>({
    refs,
    before: before?.media ?? [],
    firstOrder: 1,
    owner: {},
    upload: (i) => ({ expect: { purpose: 'post' }, field: `content.media.${i}` }),
    notKept: (i) => new ValidationError(PostMessage.MediaNotFound, `content.media.${i}`),
    field: (i) => `content.media.${i}`,
  });
  const stamp = now.toISOString();
  let saved: PostRecord | undefined;
  await saveMediaList(deps, userId, plan, async (media, consume) => {
    checkMediaTypes(content, media);
    const record: PostRecord = {
      id,
      charity_id: userId,
      type: content.type,
      ...status,
      title: 'title' in content ? content.title : '',
      text: content.text,
      media,
      starts_at: content.type === 'event' ? content.starts_at : null,
      ends_at: content.type === 'event' ? content.ends_at : null,
      online: content.type === 'event' ? content.online : false,
      place: content.type === 'event' && !content.online ? content.place : '',
      link: content.type === 'event' && content.online ? content.link : '',
      created_at: before?.created_at ?? stamp,
      updated_at: stamp,
      version: before ? before.version + 1 : 0,
    };
    if (!(await deps.posts.save(userId, record, before ? before.version : null, consume)))
      throw new ConflictError(PostMessage.ChangedMeanwhile, { code: ErrorCode.PostChanged });
    saved = record;
  });
  const post = saved as PostRecord;
  if (post.status === 'published' && before?.status !== 'published') await announcePost(deps, post);
  if (post.status === 'scheduled') await scheduleQuietly(deps, post);
  return { success: true, post: toApiPost(post) };
}

/**
 * Creates the post's schedule once it is saved as scheduled. A schedule that cannot be made is logged, never fails
 * the save: the publisher's sweep publishes the post anyway (decision 20.1). Old schedules of the post are left:
 * each publishes only while the post is still scheduled for its own time.
 */
async function scheduleQuietly(deps: Pick<PostDeps, 'scheduler' | 'warn'>, post: PostRecord): Promise<void> {
  if (!post.scheduled_for) return;
  try {
    await deps.scheduler.schedule({
      userId: post.charity_id,
      postId: post.id,
      scheduledFor: post.scheduled_for,
    });
  } catch (error) {
    deps.warn('post schedule not created', { postId: post.id, error: (error as Error).name });
  }
}

/** create-post: a new post, saved as a draft, published now or scheduled. */
export function createPost(deps: PostDeps, userId: string, input: CreatePostRequest): Promise<PostResponse> {
  return savePost(deps, userId, input, undefined);
}

async function ownPost(deps: Pick<PostDeps, 'posts'>, userId: string, postId: string): Promise<PostRecord> {
  const post = await deps.posts.get(userId, postId);
  if (!post) throw new NotFoundError(PostMessage.NotFound);
  return post;
}

/** update-post: edits the caller's own post read at `version` (its type stays). */
export async function updatePost(
  deps: PostDeps,
  userId: string,
  input: UpdatePostRequest,
): Promise<PostResponse> {
  requireOpen(deps);
  const before = await ownPost(deps, userId, input.postId);
  if (before.version !== input.version)
    throw new ConflictError(PostMessage.ChangedMeanwhile, { code: ErrorCode.PostChanged });
  if (before.type !== input.content.type)
    throw new ValidationError(`A ${before.type} post stays a ${before.type} post.`, 'content.type');
  return savePost(deps, userId, input, before);
}

/** unpublish-post: a published or scheduled post goes back to the drafts (donors no longer see it). */
export async function unpublishPost(
  deps: Pick<PostDeps, 'posts' | 'clock' | 'updatesOpen'>,
  userId: string,
  postId: string,
): Promise<PostResponse> {
  requireOpen(deps);
  const before = await ownPost(deps, userId, postId);
  if (before.status === 'draft') throw new ValidationError(PostMessage.NotPublished, 'postId');
  const record: PostRecord = {
    ...before,
    status: 'draft',
    scheduled_for: null,
    published_at: null,
    updated_at: deps.clock.now().toISOString(),
    version: before.version + 1,
  };
  if (!(await deps.posts.save(userId, record, before.version, [])))
    throw new ConflictError(PostMessage.ChangedMeanwhile, { code: ErrorCode.PostChanged });
  return { success: true, post: toApiPost(record) };
}

/** delete-post: removes the caller's own post and its files. */
export async function deletePost(
  deps: Pick<PostDeps, 'posts' | 'media' | 'warn' | 'updatesOpen'>,
  userId: string,
  postId: string,
): Promise<{ success: true }> {
  requireOpen(deps);
  const before = await ownPost(deps, userId, postId);
  if (!(await deps.posts.remove(userId, postId, before.version)))
    throw new ConflictError(PostMessage.ChangedMeanwhile, { code: ErrorCode.PostChanged });
  await deleteFilesQuietly(deps.media, droppedFiles(before.media, []), deps.warn);
  return { success: true };
}

const sortTime = (p: PostRecord) => p.created_at;

/** list-posts: the caller's posts of one tab, newest first, 20 a page, with every tab's count. */
export async function listPosts(
  deps: Pick<PostDeps, 'posts' | 'updatesOpen'>,
  userId: string,
  input: ListPostsRequest,
): Promise<ListPostsResponse> {
  const all = deps.updatesOpen ? await deps.posts.list(userId) : [];
  const count = (status: PostStatus) => all.filter((p) => p.status === status).length;
  const shown = (input.filter === 'all' ? all : all.filter((p) => p.status === input.filter)).sort((a, b) =>
    sortTime(b).localeCompare(sortTime(a)),
  );
  const pages = Math.max(1, Math.ceil(shown.length / POSTS_PAGE_SIZE));
  const page = Math.min(input.page, pages);
  return {
    success: true,
    updates_open: deps.updatesOpen,
    counts: {
      all: all.length,
      published: count('published'),
      draft: count('draft'),
      scheduled: count('scheduled'),
    },
    posts: shown.slice((page - 1) * POSTS_PAGE_SIZE, page * POSTS_PAGE_SIZE).map(toApiPost),
    page,
    pages,
  };
}
