import * as z from 'zod';
import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { PAYMENTS_MODES } from '../../../shared/src/preferences';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { getAccountPreferences } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv.extend({ PAYMENTS_MODE: z.enum(PAYMENTS_MODES) }));
const deps = { prefs: preferenceData(createTable(env.TABLE_NAME)), paymentsMode: env.PAYMENTS_MODE };

export const handler = apiHandler(
  preferenceRoutes['get-account-preferences'],
  (_input, { auth }) => getAccountPreferences(deps, auth.userId),
  { session: readSession },
);
