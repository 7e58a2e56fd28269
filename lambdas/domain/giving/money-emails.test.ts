import type { Donation } from '../../data/donations';
import { refundEmail, refundFailedEmail } from './money-emails';

/** Issue 42: the refund email says what happens to the Gift Aid, truthfully for each case. */
const donation = (over: Partial<Donation>) =>
  ({
    id: 'don_1',
    charity_name: 'Owl Rescue',
    registration_number: '1234567',
    email: 'ada@example.org',
    donation_pence: 1050,
    tip_pence: 0,
    total_pence: 1050,
    created_at: '2026-06-01T10:00:00Z',
    paid_at: '2026-06-01T10:00:00Z',
    gift_aid: { first_name: 'Ada' },
    ...over,
  }) as unknown as Donation;

describe('the refund email and Gift Aid', () => {
  it('not claimed yet: the charity will not claim it', () => {
    expect(refundEmail(donation({})).text).toContain('The charity will not claim Gift Aid on this donation.');
  });

  it('claimed already: it is paid back in the next claim, and the email never says it will not be claimed', () => {
    const text = refundEmail(donation({ claim_id: 'gac_1' })).text;
    expect(text).not.toContain('will not claim');
    expect(text).toContain(
      'The charity had already claimed Gift Aid of £2.62 on this donation from HMRC. It will pay that back to HMRC in its next Gift Aid claim. You do not need to do anything.',
    );
  });

  it('no Gift Aid: nothing said about it', () => {
    expect(refundEmail(donation({ gift_aid: null })).text).not.toContain('Gift Aid');
  });
});

describe("the charity's refund-failed email (issue 41)", () => {
  it("says the money is still the charity's, what to do, and the truth about Gift Aid in each case", () => {
    const unclaimed = refundFailedEmail(donation({}), 'charity@example.org');
    expect(unclaimed.to).toBe('charity@example.org');
    expect(unclaimed.text).toContain('The money is still with your charity');
    expect(unclaimed.text).toContain('no Gift Aid will be claimed on it');
    const claimed = refundFailedEmail(donation({ claim_id: 'gac_1' }), 'charity@example.org').text;
    expect(claimed).not.toContain('no Gift Aid will be claimed');
    expect(claimed).toContain('Its Gift Aid was in an earlier claim');
  });
});
