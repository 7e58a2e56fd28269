import type { Logger } from '@aws-lambda-powertools/logger';
import type { MediaStore } from '../adapters/media-store';
import type { PostScheduler } from '../adapters/scheduler';
import { charityData } from '../data/charities';
import { postData } from '../data/posts';
import { uploadData } from '../data/uploads';
import type { PostDeps } from '../domain/updates/posts';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { readEnvAndTable, warnTo } from './compose';
import { noMediaStore } from './no-media';
import { postAnnouncer } from './post-announcer';

/** The posts' environment: the launch switch (`updates.open`) and the site's address (announced links). */
export const PostEnv = BaseEnv.extend({
  SITE_URL: rule.url(),
  UPDATES_OPEN: rule.oneOf(['true', 'false'], 'false'),
});

/** The scheduler of the functions that never schedule a post: a call is a programming error. */
const noPostScheduler: PostScheduler = {
  schedule: async () => {
    throw new Error('This function has no post scheduler: pass postSchedulerFromEnv() to its wiring');
  },
};

/**
 * The dependencies of the post functions and the publisher, built once per cold start. Routes that touch media
 * pass `s3MediaStore(bucket)`, those that save a scheduled post `postSchedulerFromEnv()`; the others leave the S3
 * and Scheduler clients out of their bundles.
 */
export function postDeps(
  media: MediaStore = noMediaStore,
  scheduler: PostScheduler = noPostScheduler,
): (logger: Logger) => PostDeps {
  const { env, table } = readEnvAndTable(PostEnv);
  const base = {
    posts: postData(table),
    charities: charityData(table),
    uploads: uploadData(table),
    media,
    scheduler,
    clock: systemClock,
    siteUrl: env.SITE_URL,
    updatesOpen: env.UPDATES_OPEN === 'true',
  };
  return (logger) => {
    const warn = warnTo(logger);
    return { ...base, warn, announcer: postAnnouncer() };
  };
}
