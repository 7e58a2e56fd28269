import type { Logger } from '@aws-lambda-powertools/logger';
import { ukDay } from '@shared/donations';
import { siteShell } from '../adapters/site-shell';
import { analyticsData } from '../data/analytics';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { pageData } from '../data/pages';
import { postData } from '../data/posts';
import { rateLimits } from '../data/rate-limits';
import type { PublicPageDeps, reportClientError } from '../domain/public-pages/public-pages';
import type { MailClickDeps } from '../domain/updates/mail-link';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { createLogger } from '../lib/logger';
import { type DepsOf, readEnvAndTable } from './compose';
import { stageCardFee } from './giving-env';

const PublicEnv = BaseEnv.extend({
  SITE_URL: rule.url(),
  MEDIA_BASE_URL: rule.text(),
  GIVING_OPEN: rule.oneOf(['true', 'false'], 'false'),
  UPDATES_OPEN: rule.oneOf(['true', 'false'], 'false'),
});

/** The dependencies of the public page functions, built once per cold start. */
export function publicPageDeps(): PublicPageDeps & { shell: () => Promise<string> } {
  const { env, table } = readEnvAndTable(PublicEnv);
  return {
    charities: charityData(table),
    pages: pageData(table),
    explore: exploreData(table),
    rateLimits: rateLimits(table),
    clock: systemClock,
    siteUrl: env.SITE_URL,
    mediaBaseUrl: env.MEDIA_BASE_URL,
    givingOpen: env.GIVING_OPEN === 'true',
    cardFee: stageCardFee(),
    posts: postData(table),
    updatesOpen: env.UPDATES_OPEN === 'true',
    views: profileViews(table),
    shell: siteShell(env.SITE_URL),
  };
}

/** Profile views (analytics): one more on the UK day; a count that fails is logged, never the page's error. */
function profileViews(table: Parameters<typeof analyticsData>[0]): PublicPageDeps['views'] {
  const analytics = analyticsData(table);
  const logger = createLogger('profile-views');
  return {
    count: (userId, showedPosts) =>
      analytics
        .countView(userId, ukDay(systemClock.now().toISOString()), showedPosts)
        .catch((error) => logger.warn('A profile view was not counted', { error })),
  };
}

/** open-post-from-mail: the public page's reads, and one more mail click on the UK day (logged if it fails). */
export function mailClickDeps(): MailClickDeps {
  const { table } = readEnvAndTable(PublicEnv);
  const analytics = analyticsData(table);
  const logger = createLogger('mail-clicks');
  return {
    ...publicPageDeps(),
    clicks: {
      count: (userId) =>
        analytics
          .countMailClick(userId, ukDay(systemClock.now().toISOString()))
          .catch((error) => logger.warn('A mail click was not counted', { error })),
    },
  };
}

/** report-client-error: the rate limit, and the call's logger for the report itself. */
export function clientErrorDeps(): (logger: Logger) => DepsOf<typeof reportClientError> {
  const { table } = readEnvAndTable(BaseEnv);
  const base = { rateLimits: rateLimits(table), clock: systemClock };
  return (logger) => ({ ...base, error: (message, extra) => logger.error(message, extra) });
}
