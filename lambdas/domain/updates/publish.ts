import { POST_TYPE_LABELS } from '@shared/posts';
import type { ScheduledPostRef } from '../../adapters/scheduler';
import type { CharityData } from '../../data/charities';
import type { PostData, PostRecord } from '../../data/posts';
import type { Clock } from '../../lib/clock';
import { publiclyVisible } from '../public-pages/public-pages';
import type { PostAnnouncer, PublishedPost } from './announcer';
import { postMailLinkPath } from './mail-link';

/** What announcing a publication reads: the charity (name, number, visibility) and the site's address. */
export interface AnnounceDeps {
  charities: Pick<CharityData, 'getProfile' | 'getVerification'>;
  announcer: PostAnnouncer;
  clock: Clock;
  /** `https://<site host>`: the post's link in the mail. */
  siteUrl: string;
  warn: (message: string, extra: Record<string, unknown>) => void;
}

/** Scheduled posts published per run of the publisher at most (the next run takes the rest). */
export const PUBLISH_BATCH = 100;
const EXCERPT_MAX = 300;

/** Plain text cut to `max` characters at a word, with an ellipsis when cut. */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The line a post is known by: its title (story, event), else "<Type> from <charity>". */
export function postTitle(post: Pick<PostRecord, 'type' | 'title'>, charityName: string): string {
  return post.title || `${POST_TYPE_LABELS[post.type]} from ${charityName}`;
}

/**
 * Hands a post that just became visible to the following side (issue 44's seam). Only a charity donors may see
 * (vetted, live, with a live main page) announces: a post published while offline reaches no one, by mail or
 * on the page. A failed announcement is logged, never undoes the publication.
 */
export async function announcePost(deps: AnnounceDeps, post: PostRecord): Promise<boolean> {
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(post.charity_id),
    deps.charities.getVerification(post.charity_id),
  ]);
  if (!publiclyVisible(profile, flags) || !post.published_at) return false;
  const charityName = profile.display_name?.trim() || profile.charity_name;
  const site = deps.siteUrl.replace(/\/+$/, '');
  const published: PublishedPost = {
    charityId: post.charity_id,
    registrationNumber: profile.registration_number,
    charityName,
    postId: post.id,
    type: post.type,
    title: postTitle(post, charityName),
    excerpt: excerptOf(post.text),
    // Through the click counter (issue 44's "clicks from update mails"), on to the post on the charity page.
    url: `${site}${postMailLinkPath(profile.registration_number, post.id)}`,
    publishedAt: post.published_at,
  };
  try {
    await deps.announcer.announce(published);
    return true;
  } catch (error) {
    deps.warn('post not announced', { postId: post.id, error: (error as Error).name });
    return false;
  }
}

type PublisherDeps = AnnounceDeps & {
  posts: Pick<PostData, 'listDue' | 'publishScheduled'>;
  updatesOpen: boolean;
};

/** Publishes a post only while it is still scheduled for exactly that time, then announces it; false if not. */
async function publishIfStillScheduled(
  deps: PublisherDeps,
  due: ScheduledPostRef,
  now: Date,
): Promise<boolean> {
  const post = await deps.posts.publishScheduled(due.userId, due.postId, due.scheduledFor, now);
  if (!post) return false;
  await announcePost(deps, post);
  return true;
}

/**
 * The publisher's sweep (decision 20.1): every scheduled post whose time has come is published, each only while it
 * is still scheduled for that time (unpublished, rescheduled or deleted meanwhile: left alone), and announced once.
 * Runs again safely: a post already published is no longer due. The backstop of the posts' own schedules.
 */
export async function publishDuePosts(deps: PublisherDeps): Promise<{ published: number }> {
  if (!deps.updatesOpen) return { published: 0 };
  const now = deps.clock.now();
  const due = await deps.posts.listDue(now, PUBLISH_BATCH);
  let published = 0;
  for (const item of due) if (await publishIfStillScheduled(deps, item, now)) published++;
  return { published };
}

/**
 * A post's own schedule fired (decision 20.1): publishes that post if its time has come and it is still scheduled
 * for exactly the time the schedule was made for. The old schedule of a post rescheduled, unpublished or deleted
 * since, and a second delivery of the same schedule (Scheduler delivers at least once), publish nothing.
 */
export async function publishScheduledPost(
  deps: PublisherDeps,
  due: ScheduledPostRef,
): Promise<{ published: number }> {
  if (!deps.updatesOpen) return { published: 0 };
  const now = deps.clock.now();
  // Never before its time (Scheduler fires within the minute it was given): the sweep takes an early one.
  if (Date.parse(due.scheduledFor) > now.getTime()) return { published: 0 };
  return { published: (await publishIfStillScheduled(deps, due, now)) ? 1 : 0 };
}

/** The post a schedule's input names (`{ scheduledPost }`, lambdas/adapters/scheduler.ts); undefined for a sweep. */
export function scheduledPostOf(event: unknown): ScheduledPostRef | undefined {
  const named = (event as { scheduledPost?: unknown } | null | undefined)?.scheduledPost;
  if (!named || typeof named !== 'object') return undefined;
  const { userId, postId, scheduledFor } = named as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof postId !== 'string' || typeof scheduledFor !== 'string')
    return undefined;
  if (!userId || !postId || Number.isNaN(Date.parse(scheduledFor))) return undefined;
  return { userId, postId, scheduledFor };
}
