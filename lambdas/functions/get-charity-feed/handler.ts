import { renderAtomFeed } from '../../domain/updates/feeds';
import { documentHandler } from '../../lib/document-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = documentHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['get-charity-feed']),
  'application/atom+xml; charset=utf-8',
  async (input) => ({ ...(await renderAtomFeed(deps, input.registrationNumber)), cacheSeconds: 300 }),
);
