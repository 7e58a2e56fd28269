import { renderCharityShareDocument } from '../../domain/public-pages/share-document';
import { documentHandler } from '../../lib/document-handler';
import { sharePageDeps } from '../../wiring/share-page';

const deps = sharePageDeps();

export const handler = documentHandler(
  () =>
    import('@shared/api/route-groups/public-pages').then(
      (g) => g.publicPageRoutes['render-charity-share-page'],
    ),
  'text/html; charset=utf-8',
  async (input, { logger }) => {
    const document = await renderCharityShareDocument(deps, await deps.shell(), input.registrationNumber, {
      render: async (charity) => {
        const [render, config] = await Promise.all([deps.renderer(), deps.config()]);
        return render(charity, config);
      },
      // The page still works rendered by the browser: log, and serve the shell.
      onRenderError: (error) =>
        logger.error('The charity page could not be rendered on the server', { error }),
    });
    // Going offline must show soon: a minute at the edge at most.
    return { statusCode: document.statusCode, body: document.html, cacheSeconds: 60 };
  },
);
