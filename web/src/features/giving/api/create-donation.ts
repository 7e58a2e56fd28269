import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import { callApi } from '@/lib/api';

/**
 * Opens a donation (public route): the server checks the charity can take it, computes the figures from the
 * choices and answers with Stripe Checkout's page, where the donor pays.
 */
export async function createDonation(
  input: CreateDonationRequest,
): Promise<{ donationId: string; checkoutUrl: string }> {
  const response = await callApi('create-donation', input);
  return { donationId: response.donation_id, checkoutUrl: response.checkout_url };
}
