import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { charityData } from '../../data/charities';
import { createTable } from '../../data/table';
import { getCharityProfile } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { charities: charityData(createTable(env.TABLE_NAME)) };

export const handler = apiHandler(
  charityAccountRoutes['get-charity-profile'],
  (_input, { auth }) => getCharityProfile(deps, auth.userId),
  { session: readSession },
);
