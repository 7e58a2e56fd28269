import type { CharityProfile, PayoutChange } from '../../data/charities';
import { payoutEffectiveAt, pendingChangeOf, settlePayoutChange } from './payout-change';

/** The 72-hour hold's switch, with an injected clock (decision 04.7); the real table's test: payout-account.test.ts. */
describe('settlePayoutChange', () => {
  const requested = new Date('2026-11-28T10:00:00.000Z');
  const change: PayoutChange = {
    account_id: 'acct_next',
    requested_at: requested.toISOString(),
    effective_at: payoutEffectiveAt(requested),
    charges_enabled: true,
  };
  const profile = { id: 'u1', stripe_account_id: 'acct_now', payout_change: change } as CharityProfile;

  function deps(now: string) {
    const applied: string[] = [];
    return {
      applied,
      d: {
        clock: { now: () => new Date(now) },
        charities: {
          applyPayoutChange: async (_userId: string, accountId: string) => {
            applied.push(accountId);
            return true;
          },
          getProfile: async () =>
            ({ ...profile, stripe_account_id: 'acct_next', payout_change: undefined }) as CharityProfile,
        },
      },
    };
  }

  it('holds for 72 hours exactly', () => {
    expect(change.effective_at).toBe('2026-12-01T10:00:00.000Z');
  });

  it('changes nothing a second before the hold ends', async () => {
    const { d, applied } = deps('2026-12-01T09:59:59.000Z');
    expect(await settlePayoutChange(d, 'u1', profile)).toBe(profile);
    expect(applied).toEqual([]);
  });

  it('switches to the new account once the hold has ended, and answers the profile as it is now', async () => {
    const { d, applied } = deps('2026-12-01T10:00:00.000Z');
    expect((await settlePayoutChange(d, 'u1', profile))?.stripe_account_id).toBe('acct_next');
    expect(applied).toEqual(['acct_next']);
  });

  it('shows a held change without its internal state', () => {
    expect(pendingChangeOf(change)).toEqual({
      stripe_account_id: 'acct_next',
      requested_at: '2026-11-28T10:00:00.000Z',
      effective_at: '2026-12-01T10:00:00.000Z',
    });
    expect(pendingChangeOf(undefined)).toBeNull();
  });
});
