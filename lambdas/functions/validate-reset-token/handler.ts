import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { resetTokens } from '../../data/reset-tokens';
import { createTable } from '../../data/table';
import { validateResetToken } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';

const env = readEnv(BaseEnv);
const deps = { tokens: resetTokens(createTable(env.TABLE_NAME)), clock: systemClock };

export const handler = apiHandler(charityAccountRoutes['validate-reset-token'], (input) =>
  validateResetToken(deps, input.token),
);
