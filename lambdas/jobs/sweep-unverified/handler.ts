import { cognitoIdentity } from '../../adapters/identity';
import { s3MediaStore } from '../../adapters/media-store';
import { charityData } from '../../data/charities';
import { resetTokens } from '../../data/reset-tokens';
import { createTable } from '../../data/table';
import { deleteCharityAccount } from '../../domain/charity-accounts/account';
import { systemClock } from '../../lib/clock';
import { AccountEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';

const env = readEnv(AccountEnv);
const table = createTable(env.TABLE_NAME);
const charities = charityData(table);
const deps = {
  charities,
  resets: resetTokens(table),
  clock: systemClock,
  identity: cognitoIdentity(env.USER_POOL_ID),
  media: s3MediaStore(env.MEDIA_BUCKET),
};
const logger = createLogger('sweep-unverified');

/** Hourly: deletes charity accounts still unverified when their 7 days ran out. */
export const handler = async () => {
  const ids = await charities.expiredUnverified(systemClock.now());
  for (const userId of ids) await deleteCharityAccount(deps, userId);
  if (ids.length) logger.info('unverified accounts deleted', { count: ids.length });
  return { deleted: ids.length };
};
