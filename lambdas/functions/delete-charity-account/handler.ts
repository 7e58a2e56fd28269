import { charityAccountRoutes } from '../../../shared/src/api/route-groups/charity-accounts';
import { cognitoIdentity } from '../../adapters/identity';
import { s3MediaStore } from '../../adapters/media-store';
import { charityData } from '../../data/charities';
import { createTable } from '../../data/table';
import { deleteCharityAccount } from '../../domain/charity-accounts/account';
import { apiHandler } from '../../lib/api-handler';
import { AccountEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(AccountEnv);
const deps = {
  charities: charityData(createTable(env.TABLE_NAME)),
  identity: cognitoIdentity(env.USER_POOL_ID),
  media: s3MediaStore(env.MEDIA_BUCKET),
};

export const handler = apiHandler(
  charityAccountRoutes['delete-charity-account'],
  (_input, { auth }) => deleteCharityAccount(deps, auth.userId, auth.email),
  { session: readSession },
);
