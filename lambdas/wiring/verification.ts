import { charityData } from '../data/charities';
import { exploreData } from '../data/explore';
import { notMeTokens } from '../data/not-me-tokens';
import { rateLimits } from '../data/rate-limits';
import { suppressionData } from '../data/suppressions';
import { verificationBudgetData } from '../data/verification-budget';
import type { VerificationDeps } from '../domain/charity-accounts/verification';
import { systemClock } from '../lib/clock';
import { AccountEnv } from '../lib/env';
import { readEnvAndTable } from './compose';
import { mailSender } from './mail';

/** The dependencies of verify-charity-code and resend-verification-code, built once per cold start. */
export function verificationDeps(): VerificationDeps {
  const { env, table } = readEnvAndTable(AccountEnv);
  return {
    charities: charityData(table),
    budget: verificationBudgetData(table),
    explore: exploreData(table),
    rates: rateLimits(table),
    email: mailSender(env, table),
    suppressions: suppressionData(table),
    notMe: { tokens: notMeTokens(table), siteUrl: env.SITE_URL },
    clock: systemClock,
  };
}
