import type { Logger } from '@aws-lambda-powertools/logger';
import type { MediaStore } from '../adapters/media-store';
import { charityData } from '../data/charities';
import { pageTemplateData } from '../data/page-templates';
import { pageData } from '../data/pages';
import { uploadData } from '../data/uploads';
import type { PageDeps } from '../domain/pages/pages';
import { recomputeFinishedSetup } from '../domain/preferences/setup-status';
import { systemClock } from '../lib/clock';
import { BaseEnv } from '../lib/env';
import { readEnvAndTable, warnTo } from './compose';
import { noMediaStore } from './no-media';

/** The dependencies of the main-page functions, built once per cold start. Routes that touch media pass
 * `s3MediaStore(bucket)`; the others leave the S3 client out of their bundles. */
export function pageDeps(media: MediaStore = noMediaStore): (logger: Logger) => PageDeps {
  const { table } = readEnvAndTable(BaseEnv);
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
