import { reportClientError } from '../../domain/public-pages/public-pages';
import { apiHandler } from '../../lib/api-handler';
import { clientErrorDeps } from '../../wiring/public-pages';

const deps = clientErrorDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/public-pages').then((g) => g.publicPageRoutes['report-client-error']),
  (input, { logger, sourceIp }) => reportClientError(deps(logger), input, sourceIp),
);
