import { registerRoutes } from '../../../shared/src/api/route-groups/register';
import { getCharityDetails } from '../../domain/register/get-charity-details';
import { apiHandler } from '../../lib/api-handler';
import { charityDetailsDeps } from '../../wiring/register';

const deps = charityDetailsDeps();

export const handler = apiHandler(registerRoutes['get-charity-details'], (input) =>
  getCharityDetails(deps, input),
);
