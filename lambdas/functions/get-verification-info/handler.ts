import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { charityData } from '../../data/charities';
import { createTable } from '../../data/table';
import { getVerificationInfo } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const deps = { charities: charityData(createTable(env.TABLE_NAME)) };

export const handler = apiHandler(
  charityAccountRoutes['get-verification-info'],
  (_input, { auth }) => getVerificationInfo(deps, auth.userId),
  { session: readSession },
);
