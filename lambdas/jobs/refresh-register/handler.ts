import { COMMISSION_EXTRACT_BASE_URL, downloadExtract } from '../../adapters/register/download-extract';
import { publishRegisterToS3 } from '../../adapters/register/publish-index';
import { writeRegisterFiles } from '../../adapters/register/write-index';
import { systemClock } from '../../lib/clock';
import { envSchema, readEnv, rule } from '../../lib/env';
import { createLogger } from '../../lib/logger';
import { flushMetrics, recordMetric } from '../../lib/metrics';
import { refreshRegister } from './refresh-register';

const env = readEnv(
  envSchema({
    REGISTER_EXTRACT_BASE_URL: rule.url(COMMISSION_EXTRACT_BASE_URL),
    REGISTER_INDEX_BUCKET: rule.optional(),
    REGISTER_INDEX_PREFIX: rule.string('register'),
    REGISTER_INDEX_DIR: rule.optional(),
  }).refine((e) =>
    e.REGISTER_INDEX_BUCKET || e.REGISTER_INDEX_DIR
      ? undefined
      : ['REGISTER_INDEX_BUCKET', 'REGISTER_INDEX_BUCKET or REGISTER_INDEX_DIR is required'],
  ),
);
const logger = createLogger('refresh-register');

/** Scheduled daily: rebuilds the register index from the Commission's public extract. */
export const handler = async () => {
  const result = await refreshRegister({
    download: (dir) => downloadExtract(env.REGISTER_EXTRACT_BASE_URL, dir),
    publish: (built) =>
      env.REGISTER_INDEX_BUCKET
        ? publishRegisterToS3(built, env.REGISTER_INDEX_BUCKET, env.REGISTER_INDEX_PREFIX)
        : writeRegisterFiles(env.REGISTER_INDEX_DIR as string, built),
    clock: systemClock,
  });
  logger.info('register refreshed', result);
  // How old the Commission's data now in use is: the ops stack alarms when it grows, or when no value comes.
  recordMetric('RegisterIndexAgeHours', result.ageHours ?? 0, 'None');
  flushMetrics();
  return result;
};
