import { renderEventCalendar } from '../../domain/updates/feeds';
import { documentHandler } from '../../lib/document-handler';
import { publicPageDeps } from '../../wiring/public-pages';

const deps = publicPageDeps();

export const handler = documentHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['get-event-calendar']),
  'text/calendar; charset=utf-8',
  async (input) => ({
    ...(await renderEventCalendar(deps, input.registrationNumber, input.postId ?? '', deps.clock.now())),
    cacheSeconds: 60,
  }),
);
