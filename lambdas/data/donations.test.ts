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

describe('a transition that meets a conflict on every try (issue 41, item 1)', () => {
  it('throws TransitionNotDone (503): giving up is never "already in another state"', async () => {
    const { donationData, TransitionNotDone } = await import('./donations');
    const pending = { ...donation, status: 'pending', paid_at: undefined } as unknown as Donation;
    let transactions = 0;
    const send = async (command: { constructor: { name: string } }) => {
      if (command.constructor.name === 'TransactWriteCommand') {
        transactions++;
        throw Object.assign(new Error('conflict'), {
          name: 'TransactionCanceledException',
          CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
        });
      }
      // Reads: the donation as it is (still pending), the donor's marker (none yet).
      return command.constructor.name === 'GetCommand' ? { Item: { ...pending } } : {};
    };
    const data = donationData({ name: 'T', doc: { send } } as never);
    const facts = {
      payment_intent_id: 'pi_1',
      paid_at: '2026-11-20T10:00:00.000Z',
      donor_name: null,
      retain_until: '2033-04-05',
    };
    const attempt = data.markPaid(pending, facts);
    await expect(attempt).rejects.toBeInstanceOf(TransitionNotDone);
    await expect(data.markPaid(pending, facts)).rejects.toMatchObject({ statusCode: 503 });
    expect(transactions).toBe(40);
  }, 30_000);
});
