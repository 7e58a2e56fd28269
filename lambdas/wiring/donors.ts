import { cognitoIdentity } from '../adapters/identity';
import { donorData } from '../data/donors';
import { rateLimits } from '../data/rate-limits';
import type { registerDonor } from '../domain/donors/register-donor';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { type DepsOf, readEnvAndTable } from './compose';
import { breachedPassword } from './passwords';

export function donorDeps(): DepsOf<typeof registerDonor> {
  const { env, table } = readEnvAndTable(BaseEnv.extend({ USER_POOL_ID: rule.text() }));
  return {
    donors: donorData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    rates: rateLimits(table),
    clock: systemClock,
    breached: breachedPassword,
  };
}
