import { getCharityDetails } from '../../domain/register/get-charity-details';
import { apiHandler } from '../../lib/api-handler';
import { charityDetailsDeps } from '../../wiring/register';

const deps = charityDetailsDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/register').then((g) => g.registerRoutes['get-charity-details']),
  (input) => getCharityDetails(deps, input),
);
