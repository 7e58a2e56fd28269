import { DonationsMessage } from '../../donations';
import { CreateGiftAidClaimRequest } from './donations';

describe('a Gift Aid claim period', () => {
  it('takes calendar days that exist, and refuses one that does not with the words', () => {
    expect(CreateGiftAidClaimRequest.safeParse({ from: '2024-02-29', to: '2024-03-01' }).success).toBe(true);
    const wrong = CreateGiftAidClaimRequest.safeParse({ from: '2026-02-31', to: '2026-03-01' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(DonationsMessage.Period);
  });
});
