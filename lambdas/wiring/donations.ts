import { listCharityDonations } from '../data/donation-list';
import { donationTotals } from '../data/donation-totals';
import { giftAidClaimData } from '../data/gift-aid-claims';
import type { getDonationSummary, listDonations } from '../domain/donations/list';
import { LISTED_STATUSES } from '../domain/donations/list';
import { systemClock } from '../lib/clock';
import { BaseEnv, envSchema, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable } from './compose';
import { GivingEnv } from './giving-env';

/** The stage's launch switch alone (`giving.open`). */
const GivingOpenEnv = envSchema({ GIVING_OPEN: GivingEnv.shape.GIVING_OPEN });

/** list-donations: one projected query of the charity's GSI1 partition per page. */
export function listDonationsDeps(): DepsOf<typeof listDonations> {
  const { table } = readEnvAndTable(BaseEnv);
  return {
    list: (userId, opts) => listCharityDonations(table, userId, { ...opts, statuses: LISTED_STATUSES }),
    clock: systemClock,
  };
}

/** get-donation-summary: the running totals, less claims being built, and the stage's `giving.open`. */
export function donationSummaryDeps(): DepsOf<typeof getDonationSummary> {
  const { table } = readEnvAndTable(BaseEnv);
  return {
    totals: donationTotals(table),
    claims: giftAidClaimData(table),
    givingOpen: readEnv(GivingOpenEnv).GIVING_OPEN === 'true',
    clock: systemClock,
  };
}
