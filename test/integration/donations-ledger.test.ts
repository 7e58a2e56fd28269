import { DonationsMessage, ukMonth } from '@shared/donations';
import { TwoStepMessage } from '@shared/two-step';
import { retainedExpiresAt } from '../../lambdas/data/donation-item';
import { mailTo, post } from '../support/api';
import { itemsWithPrefix } from '../support/charity';
import { cloud } from '../support/cloud';
import {
  decideDispute,
  disputeCharge,
  donationSummary,
  listDonations,
  paidDonation,
  refund,
  seedPaidDonations,
  storedDonation,
} from '../support/donations';
import {
  donationInput,
  type GivingCharity,
  give,
  makeGivingCharity,
  startDonation,
  UK_GIFT_AID,
} from '../support/giving';
import { eventsDelivered, stripeGet, stripeSwitch } from '../support/payments';
import { testTable } from '../support/table';
import { backdateDonation, plantClaimId } from '../support/tampering';
import { peekCode, type TestAuthenticator } from '../support/two-step';

/**
 * The charity's money through the local cloud and the local Stripe: the running totals after paid, refunded
 * and disputed donations (exact, moved once whatever is replayed), the list and its cursor, refunds (two-step,
 * another charity's ids) and disputes.
 */
jest.setTimeout(90_000);

type Charity = GivingCharity & { app: TestAuthenticator };
let charity: Charity;
let other: Charity;

beforeAll(async () => {
  charity = (await makeGivingCharity({ label: 'ledger' })) as Charity;
  other = (await makeGivingCharity({ label: 'ledger-other' })) as Charity;
}, 180_000);

afterEach(() => stripeSwitch('delivery', { duplicates: false, shuffle: false }));

async function summary(c: Charity = charity) {
  const res = await donationSummary(c.idToken);
  expect(res.status).toBe(200);
  return res.body as {
    raised_pence: number;
    this_month_pence: number;
    supporters: number;
    gift_aid_to_claim_pence: number;
    months: string[];
    giving_open: boolean;
  };
}

describe('totals', () => {
  it('a paid Gift Aid donation adds its gross, a supporter and its Gift Aid; a refund takes them away once', async () => {
    const before = await summary();
    const donation = await paidDonation(charity, { amount_pence: 4000, gift_aid: UK_GIFT_AID });
    const paid = await summary();
    expect(paid).toMatchObject({
      giving_open: true,
      raised_pence: before.raised_pence + 4000,
      this_month_pence: before.this_month_pence + 4000,
      supporters: before.supporters + 1,
      gift_aid_to_claim_pence: before.gift_aid_to_claim_pence + 1000,
    });
    expect(paid.months[0]).toBe(ukMonth(new Date().toISOString()));
    expect(donation.donor_name).toBe('Ada Lovelace');
    expect(donation.retain_until).toMatch(/^\d{4}-04-05$/);
    // The table's TTL erases it the day after (decision 19.5); at least six years from now.
    const stored = await storedDonation(donation.id);
    expect(stored?.expiresAt).toBe(retainedExpiresAt(donation.retain_until as string));
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 6 * 365 * 86_400);

    // The route twice at once, and every event delivered twice: one refund at Stripe, totals moved once.
    await stripeSwitch('delivery', { duplicates: true });
    const [a, b] = await Promise.all([
      refund(charity, donation.id, charity.app),
      refund(charity, donation.id, charity.app),
    ]);
    await eventsDelivered();
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: DonationsMessage.RefundStarted,
        donation: { id: donation.id, status: 'refunded', refundable_until: null },
      });
    }
    expect(await summary()).toEqual({ ...before, months: expect.any(Array) });
    const charge = await stripeGet(`/v1/charges/${donation.charge_id}`);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: donation.total_pence });
    const transfer = await stripeGet(`/v1/transfers/${charge.transfer}`);
    expect(transfer).toMatchObject({ reversed: true, amount_reversed: transfer.amount });
    const mails = await mailTo(donation.email);
    expect(mails.filter((m) => m.subject.includes('refunded'))).toHaveLength(1);
    expect((await storedDonation(donation.id))?.status).toBe('refunded');

    // Again later: answered as refunded, nothing moves (no code is asked: nothing is done).
    const again = await refund(charity, donation.id);
    expect(again.status).toBe(200);
    expect(await summary()).toEqual({ ...before, months: expect.any(Array) });
  });

  it('one donor paying twice at once is one supporter, until both gifts are refunded', async () => {
    const { donationData } = await import('../../lambdas/data/donations');
    const donations = donationData(testTable());
    const before = await summary(other);
    const email = `twice-${Date.now()}@example.org`;
    const started = await Promise.all(
      [1500, 2500].map((amount_pence) => startDonation(donationInput(other, { amount_pence, email }))),
    );
    const pending = await Promise.all(started.map((s) => donations.get(s.donation_id)));
    // Both payments land together: each reads the donor's marker at 0; one commits, the other is refused by
    // the marker's condition (or conflicts) and is computed again from 1.
    const paidAt = new Date().toISOString();
    const moved = await Promise.all(
      pending.map((d, i) =>
        donations.markPaid(d!, {
          payment_intent_id: `pi_twice_${i}`,
          paid_at: paidAt,
          donor_name: null,
          retain_until: '2033-04-05',
        }),
      ),
    );
    expect(moved).toEqual([true, true]);
    expect(await summary(other)).toMatchObject({
      raised_pence: before.raised_pence + 4000,
      supporters: before.supporters + 1,
    });
    const [first, second] = await Promise.all(pending.map((d) => donations.get(d!.id)));
    expect(await donations.markRefunded(first!, { refund_id: null, refunded_at: paidAt })).toBe(true);
    expect((await summary(other)).supporters).toBe(before.supporters + 1);
    expect(await donations.markRefunded(second!, { refund_id: null, refunded_at: paidAt })).toBe(true);
    expect(await summary(other)).toMatchObject({
      raised_pence: before.raised_pence,
      supporters: before.supporters,
    });
  });

  it('a dispute takes a donation out of the totals; won, it comes back; lost, it stays out', async () => {
    const before = await summary();
    const won = await paidDonation(charity, { amount_pence: 1500 });
    const lost = await paidDonation(charity, { amount_pence: 2500, gift_aid: UK_GIFT_AID });
    expect((await summary()).raised_pence).toBe(before.raised_pence + 4000);

    await stripeSwitch('delivery', { duplicates: true, shuffle: true });
    const wonDispute = await disputeCharge(won.charge_id as string);
    const lostDispute = await disputeCharge(lost.charge_id as string);
    expect(await summary()).toEqual({ ...before, months: expect.any(Array) });
    expect((await storedDonation(won.id))?.status).toBe('disputed');
    const notices = (await mailTo(charity.email)).filter((m) => m.subject.includes('is disputed'));
    expect(notices).toHaveLength(2);

    await decideDispute(wonDispute, 'won');
    await decideDispute(lostDispute, 'lost');
    const after = await summary();
    expect(after.raised_pence).toBe(before.raised_pence + 1500);
    expect(after.gift_aid_to_claim_pence).toBe(before.gift_aid_to_claim_pence);
    expect(await storedDonation(won.id)).toMatchObject({ status: 'paid', dispute_status: 'won' });
    expect(await storedDonation(lost.id)).toMatchObject({ status: 'disputed', dispute_status: 'lost' });
    const list = await listDonations(charity.idToken);
    const rows = list.body.donations as { id: string; status: string }[];
    expect(rows.find((r) => r.id === lost.id)?.status).toBe('disputed');
  });

  it("a refund made in Stripe's dashboard (charge.refunded, delivered twice) refunds the donation once", async () => {
    const before = await summary();
    const donation = await paidDonation(charity, { amount_pence: 1200 });
    await stripeSwitch('delivery', { duplicates: true });
    const { url, secretKey } = cloud().stripe;
    const res = await fetch(`${url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ charge: donation.charge_id as string, reverse_transfer: 'true' }),
    });
    expect(res.status).toBe(200);
    await eventsDelivered();
    expect(await summary()).toEqual({ ...before, months: expect.any(Array) });
    expect((await storedDonation(donation.id))?.status).toBe('refunded');
    expect((await mailTo(donation.email)).filter((m) => m.subject.includes('refunded'))).toHaveLength(1);
  });
  it('a refund of a donation in a Gift Aid claim keeps its claim and leaves the Gift Aid to claim alone', async () => {
    const donation = await paidDonation(charity, { amount_pence: 2000, gift_aid: UK_GIFT_AID });
    await plantClaimId(donation.id, 'claim_1');
    const before = await summary();
    const { url, secretKey } = cloud().stripe;
    await fetch(`${url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ charge: donation.charge_id as string }),
    });
    await eventsDelivered();
    const after = await summary();
    expect(after.raised_pence).toBe(before.raised_pence - 2000);
    expect(after.gift_aid_to_claim_pence).toBe(before.gift_aid_to_claim_pence);
    expect(await storedDonation(donation.id)).toMatchObject({ status: 'refunded', claim_id: 'claim_1' });
    const row = ((await listDonations(charity.idToken)).body.donations as { id: string }[]).find(
      (r) => r.id === donation.id,
    );
    expect(row).toMatchObject({ status: 'refunded', claim_id: 'claim_1' });
  });
});

describe('refunds', () => {
  it("refuses another charity's donation as not found, and a paid one without the code", async () => {
    const theirs = await paidDonation(other, { amount_pence: 1000 });
    // Refused before the code is checked: the code is not spent.
    const res = await refund(charity, theirs.id, charity.app, { code: peekCode(charity.app) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(DonationsMessage.NotFound);

    const ours = await paidDonation(charity, { amount_pence: 1000 });
    const noCode = await refund(charity, ours.id, undefined, { password: charity.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe(TwoStepMessage.CodeFormat);
    const wrong = await refund(charity, ours.id, undefined, { password: charity.password, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(TwoStepMessage.CodeWrong);
    expect((await storedDonation(ours.id))?.status).toBe('paid');
    // The other charity cannot refund ours either.
    expect((await refund(other, ours.id, other.app, { code: peekCode(other.app) })).status).toBe(404);
    // Paid 31 days ago: too late (asked before any code), and the list says so.
    await backdateDonation(ours.id, new Date(Date.now() - 31 * 86_400_000).toISOString());
    const late = await refund(charity, ours.id, undefined, { password: charity.password, code: '000000' });
    expect(late).toMatchObject({ status: 409, body: { error: DonationsMessage.RefundTooLate } });
    const rows = (await listDonations(charity.idToken)).body.donations as { id: string }[];
    expect(rows.find((r) => r.id === ours.id)).toMatchObject({ status: 'paid', refundable_until: null });
  });
});

describe('the list', () => {
  it('pages newest first, 25 a page, filters by UK month, and refuses a tampered or foreign cursor', async () => {
    const fresh = (await makeGivingCharity({ label: 'ledger-list' })) as Charity;
    // Paid a second apart, oldest first, through the donations module (the list needs no real payment).
    const start = Date.now() - 60_000;
    const given = (
      await seedPaidDonations(fresh, 27, (i) => ({
        paidAt: new Date(start + i * 1000).toISOString(),
        pence: 500 + i,
      }))
    ).map((d) => d.id);
    // One paid last January (UK time), for the month filter.
    const old = given[0] as string;
    await backdateDonation(old, '2026-01-31T23:30:00.000Z');

    const first = await listDonations(fresh.idToken);
    expect(first.status).toBe(200);
    const rows = first.body.donations as { id: string; amount_pence: number; net_pence: number }[];
    expect(rows).toHaveLength(25);
    expect(rows[0]?.id).toBe(given[26]);
    expect(rows[0]?.net_pence).toBeLessThan(rows[0]?.amount_pence as number);
    const second = await listDonations(fresh.idToken, { cursor: first.body.next_cursor as string });
    expect((second.body.donations as { id: string }[]).map((r) => r.id)).toEqual([given[1], old]);
    expect(second.body.next_cursor).toBeNull();

    const january = await listDonations(fresh.idToken, { month: '2026-01' });
    expect((january.body.donations as { id: string }[]).map((r) => r.id)).toEqual([old]);
    expect((await listDonations(fresh.idToken, { month: '2026-02' })).body.donations).toEqual([]);

    const cursor = first.body.next_cursor as string;
    for (const bad of [
      `${cursor}x`,
      'not-a-cursor',
      Buffer.from('{"c":1}').toString('base64url'),
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), k: 'x' }),
      ).toString('base64url'),
    ]) {
      const res = await listDonations(fresh.idToken, { cursor: bad });
      expect(res.status).toBe(400);
    }
    // Another charity's cursor, and a cursor of another month's list.
    const foreign = await listDonations(charity.idToken, { cursor });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(DonationsMessage.Cursor);
    expect((await listDonations(fresh.idToken, { month: '2026-01', cursor })).status).toBe(400);
  });
});

describe('deletion and the law', () => {
  it('deleting the account stops giving at once and keeps its donations; a late refund writes no totals', async () => {
    const leaving = (await makeGivingCharity({ label: 'ledger-leaving' })) as Charity;
    const kept = await paidDonation(leaving, { amount_pence: 3000, gift_aid: UK_GIFT_AID });
    expect((await summary(leaving)).raised_pence).toBe(3000);

    const deleted = await post('/api/delete-charity-account', {}, { token: leaving.idToken });
    expect(deleted.status).toBe(200);
    const refused = await give(donationInput(leaving));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // The donation and its declaration are kept, with the date they may be erased after.
    expect(await storedDonation(kept.id)).toMatchObject({
      status: 'paid',
      gift_aid: { first_name: 'Ada' },
      retain_until: kept.retain_until,
    });
    // A refund made afterwards in Stripe's dashboard moves the donation; the account's totals stay gone.
    const { url, secretKey } = cloud().stripe;
    await fetch(`${url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ charge: kept.charge_id as string }),
    });
    await eventsDelivered();
    expect((await storedDonation(kept.id))?.status).toBe('refunded');
    for (const prefix of ['DONATION_', 'SUPPORTER#', 'PROFILE'])
      expect(await itemsWithPrefix(leaving.userId, prefix)).toEqual([]);
  });
});
