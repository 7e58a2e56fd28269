import { giftAidOn, ukDay } from '@shared/donations';
import { GiftAidTextMessage } from '@shared/gift-aid-text';
import { GivingMessage } from '@shared/giving';
import { callApi, mailTo } from '../support/api';
import { paidDonation, refund, refundSeeded, seedPaidDonation, storedDonation } from '../support/donations';
import { donationInput, type GivingCharity, give, makeGivingCharity, UK_GIFT_AID } from '../support/giving';
import { hmrcSchedule } from '../support/hmrc-schedule';
import type { TestAuthenticator } from '../support/two-step';

/**
 * Issue 42, through the real parts (the local cloud and the local Stripe): a donation paid, claimed from HMRC,
 * then refunded through the refund route is carried into the next claim's Box 2 ("Previously over-claimed
 * amount": its Gift Aid, not the gift), once; the donor's refund email says the truth for each case; and two
 * claims made at once carry an adjustment exactly once between them.
 */
jest.setTimeout(180_000);

type Charity = GivingCharity & { app: TestAuthenticator };
let charity: Charity;

beforeAll(async () => {
  charity = (await makeGivingCharity({ label: 'adjustments' })) as Charity;
}, 180_000);

type Claim = {
  id: string;
  donations: number;
  donated_pence: number;
  gift_aid_pence: number;
  overclaimed_pence: number;
  adjustment_count: number;
  adjustments: {
    donation_id: string;
    reason: string;
    gift_aid_pence: number;
    donation_pence: number;
    claim_id: string;
  }[];
};
type Files = { name: string; url: string; rows: number }[];

const claimFor = (from: string, to: string) =>
  callApi('POST', '/api/me/gift-aid/claims', { from, to }, { token: charity.idToken });

async function schedule(files: Files) {
  const [file] = files;
  const bytes = Buffer.from(await (await fetch(file?.url ?? '')).arrayBuffer());
  return hmrcSchedule(bytes);
}

const amount = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

describe('a refund after a claim', () => {
  it('pay, claim, refund: the donor is told the truth, and the next claim pays the Gift Aid back once', async () => {
    // Two Gift-Aided gifts through Checkout: one refunded before any claim, one after its claim.
    const [unclaimed, claimed] = await Promise.all([
      paidDonation(charity, { amount_pence: 2000, gift_aid: UK_GIFT_AID }),
      paidDonation(charity, { amount_pence: 1050, gift_aid: UK_GIFT_AID }),
    ]);
    const today = ukDay(new Date().toISOString());

    // Refunded before it was claimed: never claimed, and the email says so.
    expect((await refund(charity, unclaimed.id, charity.app)).status).toBe(200);
    const first = await claimFor(today, today);
    expect(first.status).toBe(200);
    const firstClaim = first.body.claim as Claim;
    expect(firstClaim).toMatchObject({
      donations: 1,
      donated_pence: 1050,
      overclaimed_pence: 0,
      adjustment_count: 0,
    });
    expect((await storedDonation(claimed.id))?.claim_id).toBe(firstClaim.id);

    // Refunded after its claim: the route, the local Stripe, the webhook.
    expect((await refund(charity, claimed.id, charity.app)).status).toBe(200);
    expect((await storedDonation(claimed.id))?.status).toBe('refunded');
    const [unclaimedMail] = (await mailTo(unclaimed.email)).filter((m) => m.subject.includes('refunded'));
    const [claimedMail] = (await mailTo(claimed.email)).filter((m) => m.subject.includes('refunded'));
    expect(unclaimedMail?.text).toContain('The charity will not claim Gift Aid on this donation.');
    expect(claimedMail?.text).not.toContain('will not claim Gift Aid');
    expect(claimedMail?.text).toContain(
      'had already claimed Gift Aid of £2.62 on this donation from HMRC. It will pay that back to HMRC in its next Gift Aid claim.',
    );

    // The next claim carries the over-claimed Gift Aid (the tax, 25% of £10.50, not the gift) into Box 2.
    const next = await paidDonation(charity, { amount_pence: 4000, gift_aid: UK_GIFT_AID });
    const second = await claimFor(today, today);
    expect(second.status).toBe(200);
    const secondClaim = second.body.claim as Claim;
    expect(secondClaim).toMatchObject({
      donations: 1,
      donated_pence: 4000,
      gift_aid_pence: 1000,
      overclaimed_pence: giftAidOn(1050),
      adjustment_count: 1,
    });
    expect(secondClaim.adjustments).toEqual([
      expect.objectContaining({
        donation_id: claimed.id,
        claim_id: firstClaim.id,
        reason: 'refunded',
        donation_pence: 1050,
        gift_aid_pence: 262,
      }),
    ]);
    const read = await schedule(second.body.files as Files);
    expect(read.errors).toEqual([]);
    expect(read.overclaimed).toBe('2.62');
    expect(read.data?.prevOverclaimedGiftAid).toBe('2.62');
    expect(read.data?.donations.map((d) => d.amount)).toEqual([amount(next.donation_pence)]);

    // Listed with the claim, for the treasurer; the re-issue keeps its Box 2.
    const listed = await callApi('GET', '/api/me/gift-aid/claims', undefined, { token: charity.idToken });
    const shown = (listed.body.claims as Claim[]).find((c) => c.id === secondClaim.id);
    expect(shown).toMatchObject({ overclaimed_pence: 262, adjustment_count: 1 });
    const again = await callApi('POST', `/api/me/gift-aid/claims/${secondClaim.id}/files`, undefined, {
      token: charity.idToken,
    });
    expect((await schedule(again.body.files as Files)).overclaimed).toBe('2.62');

    // Carried once: the claim after has nothing to pay back.
    await paidDonation(charity, { amount_pence: 3000, gift_aid: UK_GIFT_AID });
    const third = await claimFor(today, today);
    expect(third.body.claim).toMatchObject({ donations: 1, overclaimed_pence: 0, adjustment_count: 0 });
    expect((await schedule(third.body.files as Files)).overclaimed).toBe('');
  });

  it('two claims made at once carry an adjustment exactly once between them', async () => {
    const year = new Date().getUTCFullYear() - 2;
    const at = (month: number) => new Date(Date.UTC(year, month, 10, 12)).toISOString();
    const old = await seedPaidDonation(charity, { paidAt: at(0), giftAid: {}, pence: 8000 });
    const made = await claimFor(`${year}-01-01`, `${year}-01-31`);
    expect(made.status).toBe(200);
    await refundSeeded(old);
    await Promise.all([
      seedPaidDonation(charity, { paidAt: at(2), giftAid: {} }),
      seedPaidDonation(charity, { paidAt: at(3), giftAid: {} }),
    ]);
    const [a, b] = await Promise.all([
      claimFor(`${year}-03-01`, `${year}-03-31`),
      claimFor(`${year}-04-01`, `${year}-04-30`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const claims = [a.body.claim as Claim, b.body.claim as Claim];
    const carriers = claims.filter((c) => c.adjustments.some((x) => x.donation_id === old.id));
    expect(carriers).toHaveLength(1);
    expect(carriers[0]?.overclaimed_pence).toBeGreaterThanOrEqual(2000);
    const boxes = await Promise.all(
      [a, b].map(async (r) => (await schedule(r.body.files as Files)).overclaimed),
    );
    expect(boxes.filter((box) => box !== '')).toHaveLength(1);
  });

  it('a declaration HMRC could not read stops the claim with plain words, naming the donation (no 500)', async () => {
    const year = new Date().getUTCFullYear() - 3;
    // Written before the giving box refused such names (issue 42): Greek letters, nothing HMRC can read.
    const unreadable = await seedPaidDonation(charity, {
      paidAt: new Date(Date.UTC(year, 6, 10, 12)).toISOString(),
      giftAid: { first_name: 'Γιώργος' },
    });
    const res = await claimFor(`${year}-07-01`, `${year}-07-31`);
    expect(res.status).toBe(422);
    expect(res.body.error).toContain(`donation ${unreadable.id} has a first name HMRC cannot read`);
    expect((await storedDonation(unreadable.id))?.claim_id).toBeUndefined();
  });
});

describe('the giving route refuses what HMRC could not read, before the donor pays', () => {
  it('names in other scripts, an emoji name, a Cyrillic house, HMRC-refused postcodes: a 400 with plain words', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: 'Γιώργος' }, GiftAidTextMessage.FirstName, 'gift_aid.first_name'],
      [{ first_name: '😀' }, GiftAidTextMessage.FirstName, 'gift_aid.first_name'],
      [{ last_name: '王芳' }, GiftAidTextMessage.LastName, 'gift_aid.last_name'],
      [{ house: 'Дом 5' }, GiftAidTextMessage.House, 'gift_aid.house'],
      [{ postcode: 'SZ1 1AA' }, GivingMessage.Postcode, 'gift_aid.postcode'],
      [{ postcode: 'BI1 1AA' }, GivingMessage.Postcode, 'gift_aid.postcode'],
    ];
    for (const [over, message, field] of cases) {
      const res = await give(donationInput(charity, { gift_aid: { ...UK_GIFT_AID, ...over } }));
      expect([res.status, res.body.error, res.body.field]).toEqual([400, message, field]);
    }
    // Spelled in Latin letters without losing anything: accepted (Łukasz is written Lukasz for HMRC).
    const ok = await give(
      donationInput(charity, { gift_aid: { ...UK_GIFT_AID, first_name: 'Łukasz', last_name: '123' } }),
    );
    expect(ok.status).toBe(200);
  });
});
