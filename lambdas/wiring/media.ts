import { UNVERIFIED_MEDIA_BYTES } from '@shared/media';
import { s3MediaStore } from '../adapters/media-store';
import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { rateLimits } from '../data/rate-limits';
import { uploadData } from '../data/uploads';
import type { createMediaUpload } from '../domain/media/uploads';
import { systemClock } from '../lib/clock';
import { MediaEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable } from './compose';

/** create-media-upload: a presigned POST per file; explore uploads go under the charity's explore page. */
export function mediaUploadDeps(): DepsOf<typeof createMediaUpload> {
  const { env, table } = readEnvAndTable(MediaEnv);
  const explore = exploreData(table);
  const charities = charityData(table);
  return {
    uploads: uploadData(table),
    media: s3MediaStore(env.MEDIA_BUCKET),
    rates: rateLimits(table),
    clock: systemClock,
    explorePageId: async (userId: string) => (await explore.getOrCreate(userId, systemClock.now())).id,
    reserveUnverifiedBytes: (userId, bytes) =>
      charities.reserveUnverifiedMediaBytes(userId, bytes, UNVERIFIED_MEDIA_BYTES),
  };
}
