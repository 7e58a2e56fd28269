import { analyticsData } from '../data/analytics';
import { listCharityDonations } from '../data/donation-list';
import { postData } from '../data/posts';
import type { AnalyticsDeps } from '../domain/analytics/analytics';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { readEnvAndTable } from './compose';

const AnalyticsEnv = BaseEnv.extend({ UPDATES_OPEN: rule.oneOf(['true', 'false'], 'false') });

/** get-analytics: the daily figures, the posts and the donations list's read, built once per cold start. */
export function analyticsDeps(): AnalyticsDeps {
  const { env, table } = readEnvAndTable(AnalyticsEnv);
  return {
    analytics: analyticsData(table),
    posts: postData(table),
    latestGifts: async (userId, size) =>
      (await listCharityDonations(table, userId, { statuses: ['paid'], size })).donations,
    clock: systemClock,
    updatesOpen: env.UPDATES_OPEN === 'true',
  };
}
