import type { Logger } from '@aws-lambda-powertools/logger';
import type { MediaStore } from '../adapters/media-store';
import { charityData } from '../data/charities';
import { pageTemplateData } from '../data/page-templates';
import { pageData } from '../data/pages';
import { createTable } from '../data/table';
import { uploadData } from '../data/uploads';
import type { PageDeps } from '../domain/pages/pages';
import { recomputeFinishedSetup } from '../domain/preferences/setup-status';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import { warnTo } from './context';
import { noMediaStore } from './no-media';

/** The dependencies of the main-page functions, built once per cold start. Routes that touch media pass
 * `s3MediaStore(bucket)`; the others leave the S3 client out of their bundles. */
export function pageDeps(media: MediaStore = noMediaStore): (logger: Logger) => PageDeps {
  const env = readEnv(BaseEnv);
  const table = createTable(env.TABLE_NAME);
  const base = {
    pages: pageData(table),
    templates: pageTemplateData(table),
    charities: charityData(table),
    uploads: uploadData(table),
    media,
    clock: systemClock,
    // Finished setup needs a description (a main page's mission) as well as payment details.
    afterPagesChanged: (userId: string) => recomputeFinishedSetup({ table }, userId),
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}
