import { DonationsMessage } from '@shared/donations';
import type { ListedDonation } from '../../data/donation-list';
import { decodeCursor, encodeCursor, getDonationSummary, listDonations } from './list';
import { donationRow } from './rows';

const now = new Date('2026-11-27T10:00:00.000Z');
const listed = (over: Partial<ListedDonation> = {}): ListedDonation => ({
  id: 'd1',
  status: 'paid',
  created_at: '2026-11-20T09:59:00.000Z',
  paid_at: '2026-11-20T10:00:00.000Z',
  donation_pence: 2500,
  card_fee_pence: 55,
  donor_name: 'Ada Lovelace',
  anonymous: false,
  message: 'For the roof',
  email: 'ada@example.org',
  may_email: false,
  gift_aid: { declared_at: '2026-11-20T09:59:00.000Z' },
  ...over,
});

describe('a donation row', () => {
  it('shows the gross, fee and net, the name unless anonymous, the email only where agreed', () => {
    expect(donationRow(listed(), now)).toEqual({
      id: 'd1',
      reference: 'd1',
      date: '2026-11-20T10:00:00.000Z',
      amount_pence: 2500,
      card_fee_pence: 55,
      net_pence: 2445,
      gift_aid: true,
      donor_name: 'Ada Lovelace',
      message: 'For the roof',
      email: null,
      status: 'paid',
      refundable_until: '2026-12-20T10:00:00.000Z',
      claim_id: null,
    });
    // Anonymity wins (decision 17.12): a donation stored anonymous with "may email" still shows no email.
    const anonymous = donationRow(listed({ anonymous: true, may_email: true, gift_aid: undefined }), now);
    expect(anonymous).toMatchObject({ donor_name: null, email: null, gift_aid: false });
  });

  it('is refundable only while paid and within 30 days', () => {
    expect(donationRow(listed({ status: 'refunded' }), now).refundable_until).toBeNull();
    expect(donationRow(listed({ status: 'disputed' }), now).refundable_until).toBeNull();
    expect(donationRow(listed({ paid_at: '2026-10-27T09:59:59.000Z' }), now).refundable_until).toBeNull();
  });
});

describe('the cursor', () => {
  const k = '2026-11-20T10:00:00.000Z#d1';
  it("reads back only as the charity's own, of the same month, untouched", () => {
    const cursor = encodeCursor({ c: 'u1', m: null, k });
    expect(decodeCursor(cursor, 'u1', null)).toBe(k);
    const refused = (text: string, user = 'u1', month: string | null = null) =>
      expect(() => decodeCursor(text, user, month)).toThrow(DonationsMessage.Cursor);
    refused(cursor, 'u2');
    refused(cursor, 'u1', '2026-11');
    refused(`${cursor}x`);
    refused('%%%');
    refused(encodeCursor({ c: 'u1', m: null, k: 'DONATION#x' }));
    // A month's cursor must point inside the month (DynamoDB refuses a start key outside the range).
    refused(encodeCursor({ c: 'u1', m: '2026-10', k }), 'u1', '2026-10');
    const october = encodeCursor({ c: 'u1', m: '2026-10', k: '2026-10-20T10:00:00.000Z#d1' });
    expect(decodeCursor(october, 'u1', '2026-10')).toBe('2026-10-20T10:00:00.000Z#d1');
  });

  it('is given for the next page and asked for with the month’s bounds', async () => {
    const list = jest.fn().mockResolvedValue({ donations: [listed()], next: k });
    const out = await listDonations(
      { list, clock: { now: () => now } },
      { userId: 'u1' },
      { month: '2026-11' },
    );
    expect(list).toHaveBeenCalledWith('u1', {
      size: 25,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      after: undefined,
    });
    expect(decodeCursor(out.next_cursor as string, 'u1', '2026-11')).toBe(k);
  });
});

describe('the summary', () => {
  it("takes this UK month's figure, a quarter of the unclaimed Gift Aid gross, and the months", async () => {
    const totals = {
      get: async () => ({
        raised_pence: 10_000,
        paid_count: 3,
        gift_aid_unclaimed_pence: 5002,
        months: [
          { month: '2026-11', raised_pence: 6000, paid_count: 2 },
          { month: '2026-10', raised_pence: 4000, paid_count: 1 },
        ],
        supporters: 2,
      }),
    };
    expect(
      await getDonationSummary(
        // The parts of a claim being built (1,001 of the 5,002 unclaimed) are not to claim.
        { totals, claims: { unclaimedPence: async () => 4001 }, givingOpen: true, clock: { now: () => now } },
        { userId: 'u1' },
      ),
    ).toEqual({
      success: true,
      giving_open: true,
      raised_pence: 10_000,
      this_month_pence: 6000,
      supporters: 2,
      gift_aid_to_claim_pence: 1000,
      months: ['2026-11', '2026-10'],
    });
  });
});
