import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { sesEmailSender } from '../../adapters/email';
import { cognitoIdentity } from '../../adapters/identity';
import { createRegister, RegisterEnv } from '../../adapters/register/create-register';
import { charityData } from '../../data/charities';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { verificationBudgetData } from '../../data/verification-budget';
import { registerCharity } from '../../domain/charity-accounts/register-charity';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const deps = {
  register: createRegister(readEnv(RegisterEnv)),
  charities: charityData(table),
  identity: cognitoIdentity(env.USER_POOL_ID),
  email: sesEmailSender(env.SES_SENDER),
  rates: rateLimits(table),
  budget: verificationBudgetData(table),
  clock: systemClock,
  logger: createLogger('register-charity'),
};

export const handler = apiHandler(charityAccountRoutes['register-charity'], (input, ctx) =>
  registerCharity(deps, input, ctx),
);
