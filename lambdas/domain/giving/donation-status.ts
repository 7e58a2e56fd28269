import type { DonationStatusResponse } from '@shared/api/schemas/giving';
import { GivingMessage } from '@shared/giving';
import type { DonationData } from '../../data/donations';
import { NotFoundError } from '../../lib/http-errors';

/**
 * The thank-you page's answer: the status and the figures of the gift, nothing about the donor. The id is the
 * key (128 random bits); an unknown one is a 404.
 */
export async function getDonationStatus(
  deps: { donations: Pick<DonationData, 'get'> },
  donationId: string,
): Promise<DonationStatusResponse> {
  const donation = await deps.donations.get(donationId);
  if (!donation) throw new NotFoundError(GivingMessage.DonationNotFound);
  return {
    success: true,
    donation: {
      status: donation.status,
      registration_number: donation.registration_number,
      charity_name: donation.charity_name,
      donation_pence: donation.donation_pence,
      tip_pence: donation.tip_pence,
      total_pence: donation.total_pence,
      gift_aid: donation.gift_aid !== null,
    },
  };
}
