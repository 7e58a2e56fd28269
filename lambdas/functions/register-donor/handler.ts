import * as z from 'zod';
import { donorRoutes } from '../../../shared/src/api/route-groups/donors';
import { cognitoIdentity } from '../../adapters/identity';
import { donorData } from '../../data/donors';
import { rateLimits } from '../../data/rate-limits';
import { createTable } from '../../data/table';
import { registerDonor } from '../../domain/donors/register-donor';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';

const env = readEnv(BaseEnv.extend({ USER_POOL_ID: z.string().min(1) }));
const table = createTable(env.TABLE_NAME);
const deps = {
  donors: donorData(table),
  identity: cognitoIdentity(env.USER_POOL_ID),
  rates: rateLimits(table),
  clock: systemClock,
};

export const handler = apiHandler(donorRoutes['register-donor'], (input, ctx) =>
  registerDonor(deps, input, ctx),
);
