import { listPageTemplates } from '../../domain/pages/pages';
import { apiHandler } from '../../lib/api-handler';
import { pageDeps } from '../../wiring/pages';

const deps = pageDeps();

export const handler = apiHandler('list-page-templates', (_input, { logger }) =>
  listPageTemplates(deps(logger)),
);
