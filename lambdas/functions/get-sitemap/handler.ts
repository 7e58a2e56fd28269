import { renderSitemap } from '../../domain/public-pages/public-pages';
import { documentHandler } from '../../lib/document-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = documentHandler(
  () => import('@shared/api/route-groups/public-pages').then((g) => g.publicPageRoutes['get-sitemap']),
  'application/xml; charset=utf-8',
  async () => ({
    statusCode: 200,
    body: await renderSitemap(deps),
    // Read when a charity goes live or offline, give or take an hour at the edge.
    cacheSeconds: 3600,
  }),
);
