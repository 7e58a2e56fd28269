import type { Logger } from '@aws-lambda-powertools/logger';
import type { MediaStore } from '../adapters/media-store';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { postData } from '../data/posts';
import { uploadData } from '../data/uploads';
import type { ExploreDeps, ExploreListDeps } from '../domain/explore/explore';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { readEnvAndTable, warnTo } from './compose';
import { noMediaStore } from './no-media';

/** The dependencies of the explore functions, built once per cold start. Routes that touch media pass
 * `s3MediaStore(bucket)`; the others leave the S3 client out of their bundles. */
export function exploreDeps(media: MediaStore = noMediaStore): (logger: Logger) => ExploreDeps {
  const { table } = readEnvAndTable(BaseEnv);
  const base = {
    explore: exploreData(table),
    charities: charityData(table),
    uploads: uploadData(table),
    media,
    clock: systemClock,
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}

const ListEnv = BaseEnv.extend({ UPDATES_OPEN: rule.oneOf(['true', 'false'], 'false') });

/** The donors' explore listing: explore pages and, behind `updates.open`, the charities' published posts. */
export function exploreListDeps(): ExploreListDeps {
  const { env, table } = readEnvAndTable(ListEnv);
  return {
    explore: exploreData(table),
    charities: charityData(table),
    posts: postData(table),
    updatesOpen: env.UPDATES_OPEN === 'true',
  };
}
