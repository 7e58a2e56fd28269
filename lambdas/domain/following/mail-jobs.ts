import { FOLLOW_MAIL_TOKEN_DAYS } from '@shared/following';
import type { EmailMessage, EmailSender } from '../../adapters/email';
import type { JobQueue } from '../../adapters/queue';
import type { DigestEntry, Follow, FollowersData } from '../../data/followers';
import { EmailSuppressedError } from '../../lib/http-errors';
import { hashToken, newResetToken } from '../../lib/secrets';
import type { PostAnnouncer, PublishedPost } from '../updates/announcer';
import { digestEmail, followLinks, postEmail } from './mails';

/**
 * The follow-mail queue's jobs (decision 20.13): a publication (`post`) or a week (`digest`) fans out into `send`
 * jobs of at most {@link SEND_CHUNK} followers each; a `send` job mails them one by one at this worker's share of
 * the SES rate. Every job may arrive twice, late or out of order: a follower's mail is claimed (a conditional
 * marker) before it goes, so it goes once.
 */
export type FollowMailJob =
  | { kind: 'post'; post: PublishedPost }
  | { kind: 'digest'; weekStart: string }
  | {
      kind: 'send';
      charityId: string;
      /** The mail's identity: `POST#<postId>#<publishedAt>` or `DIGEST#<weekStart>`. */
      mailKey: string;
      frequency: 'each' | 'weekly';
      addressIds: string[];
      post?: PublishedPost;
      digest?: { charityName: string; posts: Pick<DigestEntry, 'title' | 'excerpt' | 'url'>[] };
    };

/** Followers per `send` job: small enough for a job to finish well within its function's time at the rate. */
export const SEND_CHUNK = 25;

/** The Monday (UTC) starting the week holding `at`, as `YYYY-MM-DD`: a digest's week. */
export function weekStartOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The week before the one holding `at` (what the Monday run of the digest sends). */
export function previousWeekStart(at: Date): string {
  return weekStartOf(new Date(at.getTime() - 7 * 86_400_000));
}

export interface AnnouncerDeps {
  followers: Pick<FollowersData, 'addDigestEntry'>;
  queue: JobQueue<FollowMailJob>;
  clock: { now(): Date };
}

/**
 * The following side of the seam (`domain/updates/announcer.ts`): the publication joins its week's digest and
 * one job is queued for the mail to followers of each post. Idempotent per (postId, publishedAt): a repeat
 * rewrites the same digest entry and queues a job whose mails are already claimed.
 */
export function createPostAnnouncer(deps: AnnouncerDeps): PostAnnouncer {
  return {
    async announce(post) {
      await deps.followers.addDigestEntry(
        weekStartOf(new Date(post.publishedAt)),
        {
          charityId: post.charityId,
          registrationNumber: post.registrationNumber,
          charityName: post.charityName,
          postId: post.postId,
          title: post.title,
          excerpt: post.excerpt,
          url: post.url,
          publishedAt: post.publishedAt,
        },
        deps.clock.now(),
      );
      await deps.queue.send([{ kind: 'post', post }]);
    },
  };
}

export interface SenderDeps {
  followers: Pick<
    FollowersData,
    'confirmedFollowers' | 'getMany' | 'claimMail' | 'markSent' | 'releaseClaim' | 'digestEntries'
  >;
  queue: JobQueue<FollowMailJob>;
  /** The send path (suppressed addresses refused, sent messages recorded). */
  mail: EmailSender;
  /** Waits for the next sending slot (this worker's share of the SES rate). */
  pace: () => Promise<void>;
  clock: { now(): Date };
  siteUrl: string;
  newToken?: () => string;
}

async function fanOut(
  deps: Pick<SenderDeps, 'followers' | 'queue'>,
  base: Omit<Extract<FollowMailJob, { kind: 'send' }>, 'addressIds'>,
): Promise<number> {
  let followers = 0;
  for await (const page of deps.followers.confirmedFollowers(base.charityId, base.frequency)) {
    const jobs: FollowMailJob[] = [];
    for (let i = 0; i < page.length; i += SEND_CHUNK)
      jobs.push({ ...base, addressIds: page.slice(i, i + SEND_CHUNK) });
    await deps.queue.send(jobs);
    followers += page.length;
  }
  return followers;
}

export interface SendOutcome {
  sent: number;
  skipped: number;
}

/** Runs one job of the follow-mail queue. Throws (so the queue delivers it again) when a mail could not go yet. */
export async function runFollowMailJob(deps: SenderDeps, job: FollowMailJob): Promise<SendOutcome> {
  if (job.kind === 'post') {
    const { post } = job;
    await fanOut(deps, {
      kind: 'send',
      charityId: post.charityId,
      mailKey: `POST#${post.postId}#${post.publishedAt}`,
      frequency: 'each',
      post,
    });
    return { sent: 0, skipped: 0 };
  }
  if (job.kind === 'digest') {
    const entries = await deps.followers.digestEntries(job.weekStart);
    const byCharity = new Map<string, DigestEntry[]>();
    for (const e of entries) byCharity.set(e.charityId, [...(byCharity.get(e.charityId) ?? []), e]);
    for (const [charityId, posts] of byCharity) {
      posts.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
      await fanOut(deps, {
        kind: 'send',
        charityId,
        mailKey: `DIGEST#${job.weekStart}`,
        frequency: 'weekly',
        digest: {
          charityName: posts[posts.length - 1]?.charityName ?? '',
          posts: posts.map((p) => ({ title: p.title, excerpt: p.excerpt, url: p.url })),
        },
      });
    }
    return { sent: 0, skipped: 0 };
  }
  return sendChunk(deps, job);
}

async function sendChunk(
  deps: SenderDeps,
  job: Extract<FollowMailJob, { kind: 'send' }>,
): Promise<SendOutcome> {
  const follows = await deps.followers.getMany(job.charityId, job.addressIds);
  const outcome: SendOutcome = { sent: 0, skipped: job.addressIds.length - follows.length };
  let retry: unknown;
  for (const follow of follows) {
    // Unsubscribed, changed to the other frequency or not confirmed since the job was queued: nothing.
    if (follow.status !== 'confirmed' || follow.frequency !== job.frequency) {
      outcome.skipped++;
      continue;
    }
    try {
      if (await sendOne(deps, job, follow)) outcome.sent++;
      else outcome.skipped++;
    } catch (error) {
      // The rest of the chunk still goes; the job comes back for this one.
      retry ??= error;
    }
  }
  if (retry) throw retry;
  return outcome;
}

async function sendOne(
  deps: SenderDeps,
  job: Extract<FollowMailJob, { kind: 'send' }>,
  follow: Follow,
): Promise<boolean> {
  const token = (deps.newToken ?? newResetToken)();
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  if (
    !(await deps.followers.claimMail(
      { follow, mailKey: job.mailKey, tokenHash },
      now,
      FOLLOW_MAIL_TOKEN_DAYS,
    ))
  )
    return false;
  const links = followLinks(deps.siteUrl, token);
  let message: EmailMessage;
  if (job.post) message = postEmail(follow.email, job.post, links);
  else if (job.digest) message = digestEmail(follow.email, job.digest.charityName, job.digest.posts, links);
  else throw new Error('send job without a post or a digest');
  await deps.pace();
  try {
    await deps.mail.send(message);
  } catch (error) {
    // A suppressed address is skipped for good (its claim stays); anything else is given back to try again.
    if (error instanceof EmailSuppressedError) return false;
    await deps.followers.releaseClaim(follow.charityId, job.mailKey, follow.addressId, tokenHash);
    throw error;
  }
  await deps.followers.markSent(follow.charityId, job.mailKey, follow.addressId, deps.clock.now());
  return true;
}
