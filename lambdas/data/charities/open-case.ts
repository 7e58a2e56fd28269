import { OPEN_CASES } from '../indexes';
import { type TxItem, txItem } from '../table';
import { charityItemKey } from './partition';
import type { CharityProfile } from './profile';

/**
 * The team's case for an account whose register entry holds no email (so no code could be sent):
 * `CHARITY#<userId>` / `CASE#NO_REGISTER_EMAIL`, listed under GSI1 `CASE#OPEN` by `<created_at>#<userId>`.
 */
export const openCaseKey = (userId: string) => charityItemKey(userId, 'CASE#NO_REGISTER_EMAIL');

/** The case opened with the new account (in registration's transaction). */
export function newOpenCase(tableName: string, profile: CharityProfile): TxItem {
  return txItem({
    Put: {
      TableName: tableName,
      Item: {
        ...openCaseKey(profile.id),
        kind: 'NO_REGISTER_EMAIL',
        registration_number: profile.registration_number,
        charity_name: profile.charity_name,
        sign_in_email: profile.email,
        created_at: profile.created_at,
        GSI1PK: OPEN_CASES,
        GSI1SK: `${profile.created_at}#${profile.id}`,
      },
    },
  });
}
