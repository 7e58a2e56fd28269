import { contributionOf, type Donation } from './donations';

const donation = {
  id: 'd1',
  charity_user_id: 'u1',
  email: 'Donor@Example.org',
  donation_pence: 2500,
  gift_aid: { first_name: 'Ada' },
  paid_at: '2026-03-31T23:30:00.000Z',
} as unknown as Donation;

describe("a donation's part of its charity's totals", () => {
  it('is its gross, one paid donation of its UK month and donor, and its Gift Aid while unclaimed', () => {
    // 23:30 UTC on 31 March is 00:30 on 1 April in London (BST): April's.
    expect(contributionOf(donation, 1)).toEqual({
      userId: 'u1',
      month: '2026-04',
      email: 'Donor@Example.org',
      raised_pence: 2500,
      paid_count: 1,
      gift_aid_unclaimed_pence: 2500,
    });
  });

  it('is taken away exactly, leaving claimed Gift Aid out, and needs a payment time', () => {
    expect(contributionOf({ ...donation, claim_id: 'c1' }, -1)).toMatchObject({
      raised_pence: -2500,
      paid_count: -1,
      gift_aid_unclaimed_pence: 0,
    });
    expect(contributionOf({ ...donation, gift_aid: null }, -1).gift_aid_unclaimed_pence).toBe(0);
    expect(() => contributionOf({ ...donation, paid_at: undefined }, 1)).toThrow();
  });
});
