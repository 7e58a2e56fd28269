import { setExploreActive } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler('set-explore-active', (input, { auth, logger }) =>
  setExploreActive(deps(logger), auth.userId, input.active),
);
