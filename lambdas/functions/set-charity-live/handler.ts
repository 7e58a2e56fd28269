import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { charityData } from '../../data/charities';
import { createTable } from '../../data/table';
import { setPageLive } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { charities: charityData(createTable(env.TABLE_NAME)), clock: systemClock };

export const handler = apiHandler(
  charityAccountRoutes['set-charity-live'],
  (input, { auth }) => setPageLive(deps, auth.userId, input.live),
  { session: readSession },
);
