import type { PendingPayoutChange } from '@shared/api/schemas/preferences';
import { PAYOUT_CHANGE_HOLD_HOURS } from '@shared/payout';
import type { CharityData, CharityProfile, PayoutChange } from '../../data/charities';
import type { Clock } from '../../lib/clock';

/**
 * The 72-hour hold of a payout account change (issue 41, item 9; decision 04.7), kept light: the donation's
 * function reads it on every checkout.
 */

/** The held change's moment of effect, `PAYOUT_CHANGE_HOLD_HOURS` after `now`. */
export const payoutEffectiveAt = (now: Date) =>
  new Date(now.getTime() + PAYOUT_CHANGE_HOLD_HOURS * 3_600_000).toISOString();

/**
 * The held change takes effect lazily (decision 04.7): wherever the payout account is read to be used or
 * shown (a donation's checkout, the payments page, onboarding's completion), a change whose hold has passed is
 * applied first, conditionally, so whichever read comes first switches it once. Answers the profile as it is
 * now (re-read when the change was applied).
 */
export async function settlePayoutChange(
  deps: { charities: Pick<CharityData, 'applyPayoutChange' | 'getProfile'>; clock: Clock },
  userId: string,
  profile: CharityProfile | undefined,
): Promise<CharityProfile | undefined> {
  const change = profile?.payout_change;
  const now = deps.clock.now();
  if (!change || change.effective_at > now.toISOString()) return profile;
  await deps.charities.applyPayoutChange(userId, change.account_id, now);
  return deps.charities.getProfile(userId);
}

/** A held change as the API shows it. */
export const pendingChangeOf = (change: PayoutChange | undefined): PendingPayoutChange | null =>
  change
    ? {
        stripe_account_id: change.account_id,
        requested_at: change.requested_at,
        effective_at: change.effective_at,
      }
    : null;
