import { getPublicCharityPage } from '../../domain/public-pages/public-pages';
import { apiHandler } from '../../lib/api-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/public-pages').then(
      (g) => g.publicPageRoutes['get-public-charity-page'],
    ),
  (input) => getPublicCharityPage(deps, input.registrationNumber),
);
