import type { PostAnnouncer } from '../domain/updates/announcer';
import { followingAnnouncer } from './following';

/**
 * The announcer the post functions and the publisher use: the following side's (lambdas/domain/following),
 * which queues the mail to confirmed followers. Made on the first announcement, so the post routes that never
 * announce (list, delete, unpublish) need neither the follow-mail queue's address nor leave to send to it;
 * those that do (`followQueue` in infra/route-capabilities.ts) have both.
 */
export function postAnnouncer(): PostAnnouncer {
  let announcer: PostAnnouncer | undefined;
  return {
    announce: (post) => {
      announcer ??= followingAnnouncer();
      return announcer.announce(post);
    },
  };
}
