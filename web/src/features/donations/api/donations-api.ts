import type { RouteId } from '@shared/api/routes';
import { useCharityMutation, useCharityQuery } from '@/features/charity-auth';

/**
 * The charity's money (issue 33) as the donations page reads and changes it. Every call goes through the
 * charity API client (the session's token is attached there); a change reloads what it changed.
 */

/** No session: the donations page's words for it. */
const session = { noSessionMessage: 'Please sign in to see your donations.' };

/** The totals and the months with donations (for the filter). */
export const useDonationSummaryQuery = (enabled = true) =>
  useCharityQuery('get-donation-summary', {}, { ...session, enabled });

/** One page (25) of the donations, newest first, optionally of one month; `cursor` from the page before. */
export const useDonationsQuery = (month: string | null, cursor: string | null) =>
  useCharityQuery('list-donations', { ...(month ? { month } : {}), ...(cursor ? { cursor } : {}) }, session);

export const useGiftAidClaimsQuery = () => useCharityQuery('list-gift-aid-claims', {}, session);

export const usePayoutsQuery = () => useCharityQuery('list-payouts', {}, session);

/** Whether two-step sign-in is on: a refund then asks for the password and a code. */
export const useTwoStepStatusQuery = () => useCharityQuery('get-two-step-status', {}, session);

/** Routes a refund changes: the row, the totals, and the claims (a claimed gift refunded). */
const AFTER_REFUND: readonly RouteId[] = ['list-donations', 'get-donation-summary', 'list-gift-aid-claims'];

export const useRefundDonation = () =>
  useCharityMutation('refund-donation', { ...session, invalidates: AFTER_REFUND });

export const useExportDonations = () => useCharityMutation('export-donations', session);

export const useExportDeclarations = () => useCharityMutation('export-gift-aid-declarations', session);

/** A claim takes the period's donations out of "Gift Aid to claim" and lists a new claim. */
export const useCreateGiftAidClaim = () =>
  useCharityMutation('create-gift-aid-claim', {
    ...session,
    invalidates: ['list-gift-aid-claims', 'get-donation-summary', 'list-donations'],
  });

export const useClaimFiles = () => useCharityMutation('get-gift-aid-claim-files', session);

export const useExportPayout = () => useCharityMutation('export-payout', session);
