import type { Context } from 'aws-lambda';
import { cognitoIdentity } from '../../adapters/identity';
import { s3MediaStore } from '../../adapters/media-store';
import { charityData } from '../../data/charities';
import { followersData } from '../../data/followers';
import { resetTokens } from '../../data/reset-tokens';
import { createTable } from '../../data/table';
import { sweepUnverified } from '../../domain/charity-accounts/sweep';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const charities = charityData(table);
const deps = {
  charities,
  resets: resetTokens(table),
  followers: followersData(table),
  clock: systemClock,
  identity: cognitoIdentity(env.USER_POOL_ID),
  media: s3MediaStore(env.MEDIA_BUCKET),
  // Only never-verified accounts are swept, and a payment account needs a verified one: nothing to guard.
  requireTwoStep: async () => undefined,
};
const logger = createLogger('sweep-unverified');

/** Hourly: deletes every charity account still unverified when its 7 days ran out. */
export const handler = async (_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) =>
  sweepUnverified(deps, systemClock.now(), {
    logger,
    timeLeftMs: () => context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
  });
