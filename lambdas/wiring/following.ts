import { sqsJobQueue } from '../adapters/queue';
import { charityData } from '../data/charities';
import { followersData } from '../data/followers';
import { rateLimits } from '../data/rate-limits';
import type { FollowingDeps } from '../domain/following/follow';
import { createPostAnnouncer, type FollowMailJob, type SenderDeps } from '../domain/following/mail-jobs';
import { pacer } from '../domain/following/pace';
import type { PostAnnouncer } from '../domain/updates/announcer';
import { systemClock } from '../lib/clock';
import { BaseEnv, envSchema, readEnv, rule } from '../lib/env';
import { readEnvAndTable } from './compose';
import { mailSender } from './mail';

/** The following routes' environment: the launch switch (`updates.open`), the site, the sender. */
const FollowingEnv = BaseEnv.extend({
  SITE_URL: rule.url(),
  UPDATES_OPEN: rule.oneOf(['true', 'false'], 'false'),
  SES_SENDER: rule.email(),
  SES_CONFIGURATION_SET: rule.optionalText(),
});

/** The follow-mail queue (SQS; the local cloud's stand-in locally). */
export const FollowQueueEnv = envSchema({ FOLLOW_MAIL_QUEUE_URL: rule.url() });

/**
 * The sender's share of the stage's SES rate (`updates.mailRatePerSecond`): the queue's consumer runs at most
 * `FOLLOW_MAIL_WORKERS` at once (the event source's maximum concurrency), each at rate / workers.
 */
const SenderEnv = FollowingEnv.extend({
  FOLLOW_MAIL_QUEUE_URL: rule.url(),
  FOLLOW_MAIL_RATE: rule.int({ min: 1, max: 1000, fallback: 14 }),
  FOLLOW_MAIL_WORKERS: rule.int({ min: 1, max: 100, fallback: 2 }),
});

/** The dependencies of the following routes, built once per cold start. */
export function followingDeps(): FollowingDeps {
  const { env, table } = readEnvAndTable(FollowingEnv);
  return {
    followers: followersData(table),
    charities: charityData(table),
    rates: rateLimits(table),
    mail: mailSender(env, table),
    clock: systemClock,
    siteUrl: env.SITE_URL,
    open: env.UPDATES_OPEN === 'true',
  };
}

/** The following side's announcer, for the post functions and the publisher (`wiring/post-announcer.ts`). */
export function followingAnnouncer(): PostAnnouncer {
  const { table } = readEnvAndTable(BaseEnv);
  const queue = sqsJobQueue<FollowMailJob>(readEnv(FollowQueueEnv).FOLLOW_MAIL_QUEUE_URL);
  return createPostAnnouncer({ followers: followersData(table), queue, clock: systemClock });
}

/** The follow-mail consumer's dependencies (and the weekly digest job's queue). */
export function senderDeps(): SenderDeps {
  const { env, table } = readEnvAndTable(SenderEnv);
  return {
    followers: followersData(table),
    queue: sqsJobQueue<FollowMailJob>(env.FOLLOW_MAIL_QUEUE_URL),
    mail: mailSender(env, table),
    pace: pacer(env.FOLLOW_MAIL_RATE / env.FOLLOW_MAIL_WORKERS),
    clock: systemClock,
    siteUrl: env.SITE_URL,
  };
}
