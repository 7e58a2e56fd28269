import { randomBytes } from 'node:crypto';
import { GIFT_AID_WORDING_VERSION, giftAidDeclaration } from '@shared/giving';
import { type Donation, donationData, type GiftAidRecord } from '../../lambdas/data/donations';
import type { GivingCharity } from './giving';
import { testTable } from './table';

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
  const fee = Math.round(pence * 0.014) + 20;
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
  const donations = donationData(testTable());
  if (!(await donations.createPending(donation, []))) throw new Error('seed donation not written');
  if (
    !(await donations.markPaid(id, { payment_intent_id: `pi_seed${id.slice(4, 16)}`, paid_at: seed.paidAt }))
  )
    throw new Error('seed donation not paid');
  return { ...donation, status: 'paid', paid_at: seed.paidAt };
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
