import { mediaRoutes } from '../../../shared/src/api/route-groups/media';
import { s3MediaStore } from '../../adapters/media-store';
import { exploreData } from '../../data/explore';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { uploadData } from '../../data/uploads';
import { createMediaUpload } from '../../domain/media/uploads';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { MediaEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(MediaEnv);
const table = createTable(env.TABLE_NAME);
const explore = exploreData(table);
const deps = {
  uploads: uploadData(table),
  media: s3MediaStore(env.MEDIA_BUCKET),
  rates: rateLimits(table),
  clock: systemClock,
  explorePageId: async (userId: string) => (await explore.getOrCreate(userId, systemClock.now())).id,
};

export const handler = apiHandler(
  mediaRoutes['create-media-upload'],
  (input, { auth }) => createMediaUpload(deps, auth.userId, input),
  { session: readSession },
);
