import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { s3MediaStore } from '../../adapters/media-store';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { cleanupProfileImage } from '../../domain/preferences/profile-image';
import { apiHandler } from '../../lib/api-handler';
import { MediaEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(MediaEnv);
const base = { prefs: preferenceData(createTable(env.TABLE_NAME)), media: s3MediaStore(env.MEDIA_BUCKET) };

export const handler = apiHandler(
  preferenceRoutes['cleanup-profile-image'],
  (input, { auth, logger }) =>
    cleanupProfileImage(
      { ...base, warn: (message, extra) => logger.warn(message, extra) },
      auth.userId,
      input,
    ),
  { session: readSession },
);
