import { randomBytes } from 'node:crypto';
import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import { cardFeeOn, DEFAULT_CARD_FEE, GIFT_AID_WORDING_VERSION, giftAidDeclaration } from '@shared/giving';
import type { Donation, GiftAidRecord } from '../../lambdas/data/donations';
import { callApi } from './api';
import { CARDS, donationInput, type GivingCharity, payOnCheckout, startDonation } from './giving';
import { eventsDelivered, openDispute, stripeSwitch } from './payments';
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
    ...(app ? { password: charity.password, code: over.code ?? (await nextCode(app)) } : {}),
    ...over,
  };
  return callApi('POST', `/api/me/donations/${donationId}/refund`, body, { token: charity.idToken });
}

/** A chargeback on a charge (the local Stripe's dispute switch), its events delivered: the dispute's id. */
export async function disputeCharge(chargeId: string): Promise<string> {
  const dispute = await openDispute(chargeId);
  await eventsDelivered();
  return dispute.id;
}
/** The bank decides a dispute (`charge.dispute.closed`), its events delivered. */
export async function decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
  await stripeSwitch(`disputes/${disputeId}/close`, { outcome });
  await eventsDelivered();
}

/**
 * Paid donations written straight through the donations module (`createPending`, then `markPaid`), as the
 * webhook leaves them, for tests and the bench that need hundreds or thousands: paying each through the local
 * Stripe would take minutes. Each is £25 (a 55p card fee), no tip, paid at `paidAt`, unless `over` says otherwise.
 */
export interface SeedDonation {
  paidAt: string;
  pence?: number;
  giftAid?: Partial<GiftAidRecord> | null;
  anonymous?: boolean;
  mayEmail?: boolean;
  message?: string | null;
  email?: string;
}

export const seedGiftAid = (over: Partial<GiftAidRecord> = {}): Partial<GiftAidRecord> => over;

export async function seedPaidDonation(charity: GivingCharity, seed: SeedDonation): Promise<Donation> {
  const pence = seed.pence ?? 2500;
  const fee = cardFeeOn(pence, DEFAULT_CARD_FEE);
  const id = `don_${randomBytes(16).toString('base64url')}`;
  const createdAt = new Date(Date.parse(seed.paidAt) - 60_000).toISOString();
  const giftAid: GiftAidRecord | null =
    seed.giftAid === null || seed.giftAid === undefined
      ? null
      : {
          wording_version: GIFT_AID_WORDING_VERSION,
          text: giftAidDeclaration(charity.charityName, pence),
          declared_at: createdAt,
          title: 'Ms',
          first_name: 'Ada',
          last_name: 'Lovelace',
          house: '12',
          postcode: 'SW1A 1AA',
          outside_uk_address: null,
          ...seed.giftAid,
        };
  const donation: Donation = {
    id,
    status: 'pending',
    charity_user_id: charity.userId,
    registration_number: charity.registrationNumber,
    charity_name: charity.charityName,
    stripe_account_id: charity.accountId,
    donation_pence: pence,
    card_fee_pence: fee,
    tip_pence: 0,
    total_pence: pence,
    application_fee_pence: fee,
    chosen_pence: pence,
    covered_fee: false,
    currency: 'gbp',
    email: seed.email ?? `seed-${id.slice(4, 12)}@example.org`,
    anonymous: seed.anonymous ?? false,
    may_email: seed.mayEmail ?? false,
    message: seed.message ?? null,
    gift_aid: giftAid,
    created_at: createdAt,
    source: null,
  };
  const { donationData } = await import('../../lambdas/data/donations');
  const { retainUntil } = await import('../../lambdas/domain/donations/uk-time');
  const donations = donationData(testTable());
  if (!(await donations.createPending(donation, []))) throw new Error('seed donation not written');
  const facts = {
    payment_intent_id: `pi_seed${id.slice(4, 16)}`,
    paid_at: seed.paidAt,
    donor_name: donation.anonymous || !giftAid ? null : `${giftAid.first_name} ${giftAid.last_name}`,
    retain_until: retainUntil(seed.paidAt),
  };
  if (!(await donations.markPaid(donation, facts))) throw new Error('seed donation not paid');
  return { ...donation, status: 'paid', ...facts };
}

/**
 * A seeded donation refunded as a refund made in Stripe's dashboard leaves it (`charge.refunded`): through the
 * donations module, totals and all, without Stripe (a seeded donation has no charge there).
 */
export async function refundSeeded(donation: Donation): Promise<void> {
  const { donationData } = await import('../../lambdas/data/donations');
  const refunded = await donationData(testTable()).markRefunded(donation, {
    refund_id: null,
    refunded_at: new Date().toISOString(),
  });
  if (!refunded) throw new Error(`donation ${donation.id} was not refunded`);
}

/** Many seeded donations, `concurrency` at a time; `seedAt(i)` says each one's choices. */
export async function seedPaidDonations(
  charity: GivingCharity,
  count: number,
  seedAt: (i: number) => SeedDonation,
  concurrency = 16,
): Promise<Donation[]> {
  const made: Donation[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        made[i] = await seedPaidDonation(charity, seedAt(i));
      }
    }),
  );
  return made;
}

/**
 * A Gift Aid claim whose run stopped after marking (a crash before `complete`): started `building` at
 * `createdAt` and its donations marked, through the claims module, never completed.
 */
export async function unfinishedClaim(
  charity: GivingCharity,
  donations: readonly Donation[],
  period: { from: string; to: string; createdAt: string },
): Promise<string> {
  const { giftAidClaimData } = await import('../../lambdas/data/gift-aid-claims');
  const claims = giftAidClaimData(testTable());
  const claim = {
    id: `gac_${randomBytes(12).toString('base64url')}`,
    user_id: charity.userId,
    created_at: period.createdAt,
    from: period.from,
    to: period.to,
    status: 'building' as const,
  };
  if (!(await claims.start(claim))) throw new Error('claim not started');
  const marked = await claims.mark(
    claim,
    donations.map((d) => ({ id: d.id, pence: d.donation_pence })),
  );
  if (marked.length !== donations.length) throw new Error('not every donation was marked');
  return claim.id;
}
