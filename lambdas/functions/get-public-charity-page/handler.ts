import { publicPageRoutes } from '../../../shared/src/api/route-groups/public-pages';
import { getPublicCharityPage } from '../../domain/public-pages/public-pages';
import { apiHandler } from '../../lib/api-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = apiHandler(publicPageRoutes['get-public-charity-page'], (input) =>
  getPublicCharityPage(deps, input.registrationNumber),
);
