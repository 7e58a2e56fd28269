import { publicPageRoutes } from '../../../shared/src/api/route-groups/public-pages';
import { reportClientError } from '../../domain/public-pages/public-pages';
import { apiHandler } from '../../lib/api-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = apiHandler(publicPageRoutes['report-client-error'], (input, { logger, sourceIp }) =>
  reportClientError({ ...deps, error: (message, extra) => logger.error(message, extra) }, input, sourceIp),
);
