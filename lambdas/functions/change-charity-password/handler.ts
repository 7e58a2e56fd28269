import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { sesEmailSender } from '../../adapters/email';
import { cognitoIdentity } from '../../adapters/identity';
import { charityData } from '../../data/charities';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { changeCharityPassword } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { UnauthorizedError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { readSession } from '../../wiring/session';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const logger = createLogger('change-charity-password');
const deps = {
  identity: cognitoIdentity(env.USER_POOL_ID),
  rates: rateLimits(table),
  clock: systemClock,
  charityClientId: env.CHARITY_CLIENT_ID,
  charities: charityData(table),
  email: sesEmailSender(env.SES_SENDER),
  warn: (message: string, extra: Record<string, unknown>) => logger.warn(message, extra),
};

export const handler = apiHandler(
  charityAccountRoutes['change-charity-password'],
  (input, { auth }) => {
    if (!auth.email) throw new UnauthorizedError();
    return changeCharityPassword(deps, { userId: auth.userId, email: auth.email }, input);
  },
  { session: readSession },
);
