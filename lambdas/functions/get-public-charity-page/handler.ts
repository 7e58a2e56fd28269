import { getPublicCharityPage } from '../../domain/public-pages/public-pages';
import { apiHandler } from '../../lib/api-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = apiHandler('get-public-charity-page', (input) =>
  getPublicCharityPage(deps, input.registrationNumber),
);
