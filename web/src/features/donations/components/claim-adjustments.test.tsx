/** @jest-environment jsdom */
import type { GiftAidAdjustment } from '@shared/api/schemas/donations';
import { render, screen } from '@testing-library/react';
import { claim } from '../testing/fixtures';
import { ClaimAdjustments } from './claim-adjustments';

const adjustment = (over: Partial<GiftAidAdjustment> = {}): GiftAidAdjustment => ({
  donation_id: 'don_refunded',
  claim_id: 'claim_0',
  claim_from: '2026-08-01',
  claim_to: '2026-08-31',
  reason: 'refunded',
  paid_at: '2026-08-10T10:00:00.000Z',
  returned_at: '2026-09-02T10:00:00.000Z',
  donation_pence: 1050,
  gift_aid_pence: 262,
  ...over,
});

describe("a claim's adjustments, for the treasurer (issue 42)", () => {
  it('says nothing when the claim pays nothing back', () => {
    const { container } = render(<ClaimAdjustments claim={claim()} />);
    expect(container.innerHTML).toBe('');
  });

  it('says what was paid back, what the charity receives, and why, donation by donation', () => {
    render(
      <ClaimAdjustments
        claim={claim({ overclaimed_pence: 262, adjustment_count: 1, adjustments: [adjustment()] })}
      />,
    );
    expect(screen.getByText('Adjusted: £2.62 of Gift Aid paid back to HMRC.')).toBeTruthy();
    expect(screen.getByText(/was later refunded, so the Gift Aid on it/)).toBeTruthy();
    expect(screen.getByText(/you should receive £72\.38 rather than £75\.00\./)).toBeTruthy();
    expect(
      screen.getByText(
        /£10\.50 given 10 Aug 2026, claimed in your claim for 1 Aug 2026 to 31 Aug 2026, refunded 2 Sept? 2026: £2\.62 of Gift Aid paid back\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Reference don_refunded')).toBeTruthy();
  });

  it('a dispute lost, more than the claim, and more than it lists', () => {
    render(
      <ClaimAdjustments
        claim={claim({
          gift_aid_pence: 100,
          overclaimed_pence: 5000,
          adjustment_count: 3,
          adjustments: [adjustment({ reason: 'dispute_lost', gift_aid_pence: 5000 })],
        })}
      />,
    );
    expect(
      screen.getByText(/3 donations claimed in an earlier claim were later refunded or lost to a dispute/),
    ).toBeTruthy();
    expect(screen.getByText(/£49\.00 more than this claim's Gift Aid/)).toBeTruthy();
    expect(screen.getByText(/lost to a dispute 2 Sept? 2026/)).toBeTruthy();
    expect(screen.getByText(/and 2 more/)).toBeTruthy();
  });
});
