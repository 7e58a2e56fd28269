import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { rateLimits } from '../data/rate-limits';
import { suppressionData } from '../data/suppressions';
import type { Table } from '../data/table';
import { verificationBudgetData } from '../data/verification-budget';
import type { PayoutGuardDeps } from '../domain/preferences/payout-guard';
import { systemClock } from '../lib/clock';

/** The register-email proof of payout changes (the vetting code's mechanism, `CODE#PAYOUT`; issue 41). */
export function payoutGuardDeps(table: Table): PayoutGuardDeps {
  return {
    charities: charityData(table),
    budget: verificationBudgetData(table),
    explore: exploreData(table),
    rates: rateLimits(table),
    suppressions: suppressionData(table),
    clock: systemClock,
  };
}
