import { POST_TYPE_LABELS, postAnchor } from '@shared/posts';
import { charityPagePath } from '@shared/public-pages';
import type { CharityData } from '../../data/charities';
import type { PostData, PostRecord } from '../../data/posts';
import type { Clock } from '../../lib/clock';
import { publiclyVisible } from '../public-pages/public-pages';
import type { PostAnnouncer, PublishedPost } from './announcer';

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
    url: `${site}${charityPagePath(profile.registration_number)}#${postAnchor(post.id)}`,
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

/**
 * The publisher (decision 20.1): every scheduled post whose time has come is published, each only while it is
 * still scheduled for that time (unpublished, rescheduled or deleted meanwhile: left alone), and announced once.
 * Runs again safely: a post already published is no longer due.
 */
export async function publishDuePosts(
  deps: AnnounceDeps & { posts: Pick<PostData, 'listDue' | 'publishScheduled'>; updatesOpen: boolean },
): Promise<{ published: number }> {
  if (!deps.updatesOpen) return { published: 0 };
  const now = deps.clock.now();
  const due = await deps.posts.listDue(now, PUBLISH_BATCH);
  let published = 0;
  for (const item of due) {
    const post = await deps.posts.publishScheduled(item.userId, item.postId, item.scheduledFor, now);
    if (!post) continue;
    published++;
    await announcePost(deps, post);
  }
  return { published };
}
