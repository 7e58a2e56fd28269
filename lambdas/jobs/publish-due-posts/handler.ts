import { publishDuePosts } from '../../domain/updates/publish';
import { createLogger } from '../../lib/logger';
import { postDeps } from '../../wiring/posts';

const deps = postDeps();
const logger = createLogger('publish-due-posts');

/** Every minute: publishes the scheduled posts whose time has come (decision 20.1). */
export const handler = async () => {
  const result = await publishDuePosts(deps(logger));
  if (result.published) logger.info('scheduled posts published', result);
  return result;
};
