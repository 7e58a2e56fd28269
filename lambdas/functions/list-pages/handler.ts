import { listPages } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';

const deps = pageDeps();

export const handler = apiHandler('list-pages', (_input, { auth, logger }) =>
  listPages(deps(logger), auth.userId),
);
