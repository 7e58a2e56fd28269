import * as z from 'zod';
import { cognitoIdentity } from '../adapters/identity';
import { donorData } from '../data/donors';
import { rateLimits } from '../data/rate-limits';
import { createTable } from '../data/table';
import type { registerDonor } from '../domain/donors/register-donor';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import type { DepsOf } from './context';

export function donorDeps(): DepsOf<typeof registerDonor> {
  const env = readEnv(BaseEnv.extend({ USER_POOL_ID: z.string().min(1) }));
  const table = createTable(env.TABLE_NAME);
  return {
    donors: donorData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    rates: rateLimits(table),
    clock: systemClock,
  };
}
