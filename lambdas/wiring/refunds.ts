import type { Logger } from '@aws-lambda-powertools/logger';
import { createPayments, PaymentsEnv } from '../adapters/payments';
import { cognitoTwoStep } from '../adapters/two-step';
import { charityData } from '../data/charities';
import { donationData } from '../data/donations';
import { rateLimits } from '../data/rate-limits';
import type { refundDonation } from '../domain/donations/refund';
import { systemClock } from '../lib/clock';
import { AccountEnv, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { mailSender } from './mail';

/** refund-donation: Stripe (the refund), Cognito (two-step and the code's sign-in), mail to the donor. */
export function refundDonationDeps(): (logger: Logger) => DepsOf<typeof refundDonation> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    charities: charityData(table),
    donations: donationData(table),
    payments: createPayments(readEnv(PaymentsEnv)),
    twoStep: cognitoTwoStep(env.USER_POOL_ID),
    rates: rateLimits(table),
    email: mailSender(env, table),
    clock: systemClock,
    charityClientId: env.CHARITY_CLIENT_ID,
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}
