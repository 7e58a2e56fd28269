import { pageTemplateData } from '../../data/page-templates';
import { createTable } from '../../data/table';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';
import { seedData, withRetries } from './seed-data';

const env = readEnv(BaseEnv);
const logger = createLogger('seed-data');
const deps = { templates: pageTemplateData(createTable(env.TABLE_NAME)), clock: systemClock };

/** Run by a CDK trigger after each deploy; retried in-process (5 tries over about 15 s) before it fails the deploy. */
export const handler = async () => {
  const written = await withRetries(() => seedData(deps), {
    attempts: 5,
    baseDelayMs: 1000,
    onRetry: (attempt, error) => logger.warn('seed data failed, retrying', { attempt, error }),
  });
  logger.info('seed data written', written);
  return written;
};
