import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { sesEmailSender } from '../../adapters/email';
import { cognitoIdentity } from '../../adapters/identity';
import { rateLimits } from '../../data/rate-limits';
import { resetTokens } from '../../data/reset-tokens';
import { createTable } from '../../data/table';
import { sendPasswordReset } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const deps = {
  identity: cognitoIdentity(env.USER_POOL_ID),
  tokens: resetTokens(table),
  email: sesEmailSender(env.SES_SENDER),
  rates: rateLimits(table),
  clock: systemClock,
  siteUrl: env.SITE_URL,
  logger: createLogger('send-password-reset'),
};

export const handler = apiHandler(charityAccountRoutes['send-password-reset'], (input, ctx) =>
  sendPasswordReset(deps, input, ctx),
);
