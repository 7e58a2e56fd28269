import { publicPageRoutes } from '../../../shared/src/api/route-groups/public-pages';
import { renderCharityShareDocument } from '../../domain/public-pages/share-document';
import { documentHandler } from '../../lib/document-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = documentHandler(
  publicPageRoutes['render-charity-share-page'],
  'text/html; charset=utf-8',
  async (input) => {
    const document = await renderCharityShareDocument(deps, await deps.shell(), input.registrationNumber);
    // Going offline must show soon: a minute at the edge at most.
    return { statusCode: document.statusCode, body: document.html, cacheSeconds: 60 };
  },
);
