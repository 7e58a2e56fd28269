import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { cognitoIdentity } from '../../adapters/identity';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { changeCharityPassword } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { UnauthorizedError } from '../../lib/errors';

const env = readEnv(AccountEnv);
const deps = {
  identity: cognitoIdentity(env.USER_POOL_ID),
  rates: rateLimits(createTable(env.TABLE_NAME)),
  clock: systemClock,
  charityClientId: env.CHARITY_CLIENT_ID,
};

export const handler = apiHandler(charityAccountRoutes['change-charity-password'], (input, { auth }) => {
  if (!auth.email) throw new UnauthorizedError();
  return changeCharityPassword(deps, { userId: auth.userId, email: auth.email }, input);
});
