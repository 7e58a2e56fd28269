import type { Logger } from '@aws-lambda-powertools/logger';
import { siteShell } from '../adapters/site-shell';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { pageData } from '../data/pages';
import { postData } from '../data/posts';
import { rateLimits } from '../data/rate-limits';
import type { PublicPageDeps, reportClientError } from '../domain/public-pages/public-pages';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
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
    shell: siteShell(env.SITE_URL),
  };
}

/** report-client-error: the rate limit, and the call's logger for the report itself. */
export function clientErrorDeps(): (logger: Logger) => DepsOf<typeof reportClientError> {
  const { table } = readEnvAndTable(BaseEnv);
  const base = { rateLimits: rateLimits(table), clock: systemClock };
  return (logger) => ({ ...base, error: (message, extra) => logger.error(message, extra) });
}
