import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { updateDisplayName } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { prefs: preferenceData(createTable(env.TABLE_NAME)) };

export const handler = apiHandler(
  preferenceRoutes['update-display-name'],
  (input, { auth }) => updateDisplayName(deps, auth.userId, input.display_name),
  { session: readSession },
);
