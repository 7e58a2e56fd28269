import { getAnalytics } from '../../domain/analytics/analytics';
import { apiHandler } from '../../lib/api-handler';
import { analyticsDeps } from '../../wiring/analytics';
import { readSession } from '../../wiring/session';

const deps = analyticsDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/analytics').then((g) => g.analyticsRoutes['get-analytics']),
  (input, { auth }) => getAnalytics(deps, auth.userId, input),
  { session: readSession },
);
