import { cleanupGridMedia } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler('cleanup-grid-media', (input, { auth, logger }) =>
  cleanupGridMedia(deps(logger), auth.userId, input),
);
