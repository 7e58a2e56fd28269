import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { saveNotificationPreferences } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { prefs: preferenceData(createTable(env.TABLE_NAME)), clock: systemClock };

export const handler = apiHandler(
  preferenceRoutes['save-notification-preferences'],
  (input, { auth }) => saveNotificationPreferences(deps, auth.userId, input),
  { session: readSession },
);
