import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { sesEmailSender } from '../../adapters/email';
import { charityData } from '../../data/charities';
import { createTable } from '../../data/table';
import { verifyCharityCode } from '../../domain/charity-accounts/verification';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';

const env = readEnv(AccountEnv);
const deps = {
  charities: charityData(createTable(env.TABLE_NAME)),
  email: sesEmailSender(env.SES_SENDER),
  clock: systemClock,
};

export const handler = apiHandler(charityAccountRoutes['verify-charity-code'], (input, { auth }) =>
  verifyCharityCode(deps, auth.userId, input.verificationCode),
);
