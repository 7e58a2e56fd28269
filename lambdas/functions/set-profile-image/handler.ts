import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { s3MediaStore } from '../../adapters/media-store';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { uploadData } from '../../data/uploads';
import { setProfileImage } from '../../domain/preferences/profile-image';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { MediaEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(MediaEnv);
const table = createTable(env.TABLE_NAME);
const base = {
  prefs: preferenceData(table),
  uploads: uploadData(table),
  media: s3MediaStore(env.MEDIA_BUCKET),
  clock: systemClock,
};

export const handler = apiHandler(
  preferenceRoutes['set-profile-image'],
  (input, { auth, logger }) =>
    setProfileImage(
      { ...base, warn: (message, extra) => logger.warn(message, extra) },
      auth.userId,
      input.key,
    ),
  { session: readSession },
);
