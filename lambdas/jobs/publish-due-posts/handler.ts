import { publishDuePosts, publishScheduledPost, scheduledPostOf } from '../../domain/updates/publish';
import { createLogger } from '../../lib/logger';
import { postDeps } from '../../wiring/posts';

const deps = postDeps();
const logger = createLogger('publish-due-posts');

/**
 * Invoked by a post's own one-off schedule (`{ scheduledPost }`: publishes that post, if still scheduled for that
 * time) and by the sweep's rule every 5 minutes (publishes every due post: the backstop), decision 20.1.
 */
export const handler = async (event?: unknown) => {
  const named = scheduledPostOf(event);
  const result = named
    ? await publishScheduledPost(deps(logger), named)
    : await publishDuePosts(deps(logger));
  if (result.published) logger.info('scheduled posts published', { ...result, postId: named?.postId });
  return result;
};
