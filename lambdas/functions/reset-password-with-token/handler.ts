import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { cognitoIdentity } from '../../adapters/identity';
import { charityData } from '../../data/charities';
import { resetTokens } from '../../data/reset-tokens';
import { createTable } from '../../data/table';
import { resetPasswordWithToken } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const deps = {
  tokens: resetTokens(table),
  charities: charityData(table),
  identity: cognitoIdentity(env.USER_POOL_ID),
  clock: systemClock,
};

export const handler = apiHandler(charityAccountRoutes['reset-password-with-token'], (input) =>
  resetPasswordWithToken(deps, input),
);
