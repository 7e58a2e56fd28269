import type { DonationStatusResponse } from '@shared/api/schemas/giving';
import { callApi } from '@/lib/api';

/** A donation's state and figures, by its unguessable id (public route): what the thank-you page shows. */
export async function getDonationStatus(donationId: string): Promise<DonationStatusResponse> {
  return callApi('get-donation-status', { donationId });
}
