import { PreferenceMessage } from '@shared/preferences';
import { NotFoundItemError, preferenceData } from '../../data/preferences';
import type { Table } from '../../data/table';
import { NotFoundError } from '../../lib/http-errors';

/**
 * Recomputes VERIFICATION.finished_setting_up_account: true when the charity has payment details
 * (PROFILE.stripe_account_id) and its description, which is the mission statement of a main page (at least one
 * `PAGE#<pageId>` item: every saved page has a required mission). Call it after linking payments and after a
 * page is created or deleted. Returns the value computed.
 *
 * Parallel calls (a page saved while payments are linked) cannot leave a stale value: each call first bumps a
 * check counter and reads afterwards, and only the call holding the latest counter may write, so the writer's
 * reads come after every change that any earlier call was started for.
 */
export async function recomputeFinishedSetup(deps: { table: Table }, userId: string): Promise<boolean> {
  const data = preferenceData(deps.table);
  let check: number;
  try {
    check = await data.beginSetupCheck(userId);
  } catch (error) {
    if (error instanceof NotFoundItemError) throw new NotFoundError(PreferenceMessage.CharityNotFound);
    throw error;
  }
  const [profile, hasPage] = await Promise.all([data.getProfileFields(userId), data.hasMainPage(userId)]);
  const finished = Boolean(profile?.stripe_account_id) && hasPage;
  await data.finishSetupCheck(userId, check, finished);
  return finished;
}
