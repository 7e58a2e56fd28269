import { pageTemplateData } from '../../data/page-templates';
import { createTable } from '../../data/table';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';
import { seedData } from './seed-data';

const env = readEnv(BaseEnv);
const logger = createLogger('seed-data');
const deps = { templates: pageTemplateData(createTable(env.TABLE_NAME)), clock: systemClock };

/** Run by a CDK trigger after each deploy. */
export const handler = async () => {
  const written = await seedData(deps);
  logger.info('seed data written', written);
  return written;
};
