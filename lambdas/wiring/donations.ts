import type { Logger } from '@aws-lambda-powertools/logger';
import { createPayments, PaymentsEnv } from '../adapters/payments';
import { cognitoTwoStep } from '../adapters/two-step';
import { listCharityDonations } from '../data/donation-list';
import { donationTotals } from '../data/donation-totals';
import { donationData } from '../data/donations';
import { rateLimits } from '../data/rate-limits';
import type { getDonationSummary, listDonations } from '../domain/donations/list';
import { LISTED_STATUSES } from '../domain/donations/list';
import type { refundDonation } from '../domain/donations/refund';
import { systemClock } from '../lib/clock';
import { AccountEnv, BaseEnv, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { GivingEnv } from './giving';
import { mailSender } from './mail';

/** list-donations: one projected query of the charity's GSI1 partition per page. */
export function listDonationsDeps(): DepsOf<typeof listDonations> {
  const { table } = readEnvAndTable(BaseEnv);
  return {
    list: (userId, opts) => listCharityDonations(table, userId, { ...opts, statuses: LISTED_STATUSES }),
    clock: systemClock,
  };
}

/** get-donation-summary: the running totals and the stage's `giving.open`. */
export function donationSummaryDeps(): DepsOf<typeof getDonationSummary> {
  const { table } = readEnvAndTable(BaseEnv);
  return {
    totals: donationTotals(table),
    givingOpen: readEnv(GivingEnv).GIVING_OPEN === 'true',
    clock: systemClock,
  };
}

/** refund-donation: Stripe (the refund), Cognito (two-step and the code's sign-in), mail to the donor. */
export function refundDonationDeps(): (logger: Logger) => DepsOf<typeof refundDonation> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
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
