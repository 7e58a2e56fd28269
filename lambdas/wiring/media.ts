import { s3MediaStore } from '../adapters/media-store';
import { exploreData } from '../data/explore';
import { rateLimits } from '../data/rate-limits';
import { createTable } from '../data/table';
import { uploadData } from '../data/uploads';
import type { createMediaUpload } from '../domain/media/uploads';
import { systemClock } from '../lib/clock';
import { MediaEnv, readEnv } from '../lib/env';
import type { DepsOf } from './context';

/** create-media-upload: a presigned POST per file; explore uploads go under the charity's explore page. */
export function mediaUploadDeps(): DepsOf<typeof createMediaUpload> {
  const env = readEnv(MediaEnv);
  const table = createTable(env.TABLE_NAME);
  const explore = exploreData(table);
  return {
    uploads: uploadData(table),
    media: s3MediaStore(env.MEDIA_BUCKET),
    rates: rateLimits(table),
    clock: systemClock,
    explorePageId: async (userId: string) => (await explore.getOrCreate(userId, systemClock.now())).id,
  };
}
