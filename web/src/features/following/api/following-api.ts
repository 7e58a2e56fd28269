import type { FollowCharityRequest, UpdateFollowRequest } from '@shared/api/schemas/following';
import { callApi } from '@/lib/api';
import { useMutation, usePublicQuery } from '@/lib/query';

/** Asks to follow a charity: the answer is always the same words (a confirmation link is mailed). */
export const followCharity = (input: FollowCharityRequest) => callApi('follow-charity', input);

/** Confirms a follow by its mailed link's token. */
export const confirmFollow = (token: string) => callApi('confirm-follow', { token });

/** Stops the follow a mail was sent for (the unsubscribe page's button). */
export const unsubscribeFollow = (token: string) => callApi('unsubscribe-follow', { token });

/** The follows of a mail's address (the manage page); nothing is asked without a token. */
export const useFollowsList = (token: string | null) =>
  usePublicQuery('list-follows', { token: token ?? '' }, { enabled: token !== null });

/** Changes one follow's frequency, or stops it (`frequency: null`); the list reloads. */
export const useUpdateFollow = () =>
  useMutation((input: UpdateFollowRequest) => callApi('update-follow', input), {
    invalidates: ['list-follows'],
  });

/** Whether the stage lets donors follow charities (`updates.open`), from the charity's public page answer. */
export function useUpdatesOpen(registrationNumber: string): boolean | null {
  const page = usePublicQuery('get-public-charity-page', { registrationNumber });
  return page.status === 'ready' && page.data ? page.data.charity.updates_open : null;
}
