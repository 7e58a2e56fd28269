import { saveExplorePage } from '../../domain/explore/explore';
import { apiHandler } from '../../lib/api-handler';
import { exploreDeps } from '../../wiring/explore';

const deps = exploreDeps();

export const handler = apiHandler('save-explore-page', (input, { auth, logger }) =>
  saveExplorePage(deps(logger), auth.userId, input),
);
