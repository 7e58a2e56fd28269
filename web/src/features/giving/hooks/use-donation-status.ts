import type { DonationStatusResponse } from '@shared/api/schemas/giving';
import { useEffect, useState } from 'react';
import { useRouteQuery } from '@/lib/query';
import { getDonationStatus } from '../api/get-donation-status';
import { DONATION_ID, pollDelay, TAKING_LONG_AFTER_POLLS } from '../utils/status-polling';

export type Donation = DonationStatusResponse['donation'];

export type DonationView =
  | { state: 'invalid' }
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => Promise<void> }
  | { state: 'ready'; donation: Donation; takingLong: boolean };

/**
 * A donation's state for the thank-you page, asked again with a backoff while the payment is pending
 * (`pollDelay`); `takingLong` once about a minute has passed without an answer either way.
 */
export function useDonationStatus(donationId: string | null): DonationView {
  const valid = donationId !== null && DONATION_ID.test(donationId);
  const id = valid ? donationId : '';
  const query = useRouteQuery(
    'public',
    'get-donation-status',
    { donationId: id },
    () => getDonationStatus(id),
    {
      enabled: valid,
    },
  );
  const [polls, setPolls] = useState(0);
  const status = query.data?.donation.status;
  const { refetch } = query;

  useEffect(() => {
    if (status !== 'pending') return;
    const delay = pollDelay(polls);
    if (delay === null) return;
    const timer = setTimeout(() => {
      // A failed poll keeps the last answer on screen (the query's quiet reload); the next one tries again.
      void refetch().finally(() => setPolls((count) => count + 1));
    }, delay);
    return () => clearTimeout(timer);
  }, [status, polls, refetch]);

  if (!valid) return { state: 'invalid' };
  if (query.status === 'loading') return { state: 'loading' };
  if (query.status === 'error') return { state: 'error', error: query.error, retry: refetch };
  return {
    state: 'ready',
    donation: (query.data as DonationStatusResponse).donation,
    takingLong: polls >= TAKING_LONG_AFTER_POLLS,
  };
}
