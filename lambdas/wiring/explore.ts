import type { Logger } from '@aws-lambda-powertools/logger';
import { s3MediaStore } from '../adapters/media-store';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { createTable } from '../data/table';
import { uploadData } from '../data/uploads';
import type { ExploreDeps } from '../domain/explore/explore';
import { systemClock } from '../lib/clock';
import { MediaEnv, readEnv } from '../lib/env';

/** The dependencies of the explore functions, built once per cold start. */
export function exploreDeps(): (logger: Logger) => ExploreDeps {
  const env = readEnv(MediaEnv);
  const table = createTable(env.TABLE_NAME);
  const base = {
    explore: exploreData(table),
    charities: charityData(table),
    uploads: uploadData(table),
    media: s3MediaStore(env.MEDIA_BUCKET),
    clock: systemClock,
  };
  return (logger) => ({ ...base, warn: (message, extra) => logger.warn(message, extra) });
}
