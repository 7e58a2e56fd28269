import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import type { Donation } from '../../lambdas/data/donations';
import { callApi } from './api';
import { CARDS, donationInput, type GivingCharity, payOnCheckout, startDonation } from './giving';
import { eventsDelivered, stripeSwitch } from './payments';
import { testTable } from './table';
import { nextCode, type TestAuthenticator } from './two-step';

/** A donation as stored (read through its data module). */
export async function storedDonation(id: string): Promise<Donation | undefined> {
  const { donationData } = await import('../../lambdas/data/donations');
  return donationData(testTable()).get(id);
}

/** A donation given and paid on Checkout, its events delivered: the stored donation. */
export async function paidDonation(
  charity: GivingCharity,
  over: Partial<CreateDonationRequest> = {},
): Promise<Donation> {
  const input = donationInput(charity, over);
  const { donation_id, checkout_url } = await startDonation(input);
  const paid = await payOnCheckout(checkout_url, CARDS.paid, input.email);
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  await eventsDelivered();
  const stored = await storedDonation(donation_id);
  if (stored?.status !== 'paid') throw new Error(`donation ${donation_id} is ${stored?.status}`);
  return stored;
}

/** list-donations as the donations page calls it. */
export function listDonations(token: string, query: { month?: string; cursor?: string } = {}) {
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return callApi('GET', `/api/me/donations${search ? `?${search}` : ''}`, undefined, { token });
}

/** get-donation-summary. */
export const donationSummary = (token: string) =>
  callApi('GET', '/api/me/donations/summary', undefined, { token });

/**
 * refund-donation as the confirm dialog sends it: with the password and the authenticator's next code when
 * `app` is given (two-step on), `over` replacing any field.
 */
export async function refund(
  charity: { idToken: string; password: string },
  donationId: string,
  app?: TestAuthenticator,
  over: Record<string, unknown> = {},
) {
  const body = {
    confirm: true,
    ...(app ? { password: charity.password, code: await nextCode(app) } : {}),
    ...over,
  };
  return callApi('POST', `/api/me/donations/${donationId}/refund`, body, { token: charity.idToken });
}

/** The local Stripe's dispute switches: the donor's bank opens a dispute on a charge, then decides it. */
export async function openDispute(chargeId: string): Promise<string> {
  const dispute = (await stripeSwitch('disputes', { charge: chargeId })) as { id: string };
  await eventsDelivered();
  return dispute.id;
}
export async function closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
  await stripeSwitch(`disputes/${disputeId}/close`, { outcome });
  await eventsDelivered();
}
