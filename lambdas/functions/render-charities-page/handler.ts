import { renderCharitiesDocument } from '../../domain/discovery/charities-document';
import { documentHandler } from '../../lib/document-handler';
import { charitiesPageDeps } from '../../wiring/charities-page';

const deps = charitiesPageDeps();

export const handler = documentHandler(
  () => import('@shared/api/route-groups/discover').then((g) => g.discoverRoutes['render-charities-page']),
  'text/html; charset=utf-8',
  async (input, { logger }) => {
    const document = await renderCharitiesDocument(deps, await deps.shell(), input, {
      render: async (data) => {
        const [render, config] = await Promise.all([deps.renderer(), deps.config()]);
        return render(data, config);
      },
      // The page still works rendered by the browser: log, and serve the shell.
      onRenderError: (error) =>
        logger.error('The charities page could not be rendered on the server', { error }),
    });
    // A charity going live or offline shows within a minute at the edge; a refused filter is not kept.
    return {
      statusCode: document.statusCode,
      body: document.html,
      cacheSeconds: document.statusCode === 200 ? 60 : 0,
    };
  },
);
