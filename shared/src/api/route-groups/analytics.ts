import { defineRoutes } from '../route';
import { AnalyticsRequest, AnalyticsResponse } from '../schemas/analytics';

/**
 * The charity's analytics (issue 44): its daily figures (profile views, follows, donations paid) summed by
 * month from pre-aggregated daily items (one read per chart), and its recent activity. Behind the stage's
 * `updates.open` switch: closed, it says so and answers no figures.
 */
export const analyticsRoutes = defineRoutes({
  'get-analytics': {
    method: 'GET',
    path: '/api/me/analytics',
    auth: 'charity',
    request: AnalyticsRequest,
    response: AnalyticsResponse,
    summary:
      "The caller's figures of the last 6 or 12 months by month, its donation rate and recent activity.",
  },
});
