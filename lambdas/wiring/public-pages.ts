import * as z from 'zod';
import { siteShell } from '../adapters/site-shell';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { pageData } from '../data/pages';
import { rateLimits } from '../data/rate-limits';
import { createTable } from '../data/table';
import type { PublicPageDeps } from '../domain/public-pages/public-pages';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';

const PublicEnv = BaseEnv.extend({ SITE_URL: z.string().url(), MEDIA_BASE_URL: z.string().min(1) });

/** The dependencies of the public page functions, built once per cold start. */
export function publicPageDeps(): PublicPageDeps & { shell: () => Promise<string> } {
  const env = readEnv(PublicEnv);
  const table = createTable(env.TABLE_NAME);
  return {
    charities: charityData(table),
    pages: pageData(table),
    explore: exploreData(table),
    rateLimits: rateLimits(table),
    clock: systemClock,
    siteUrl: env.SITE_URL,
    mediaBaseUrl: env.MEDIA_BASE_URL,
    shell: siteShell(env.SITE_URL),
  };
}
