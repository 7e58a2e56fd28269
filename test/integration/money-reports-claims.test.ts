import { giftAidOn } from '@shared/donations';
import { callApi } from '../support/api';
import {
  donationSummary,
  refundSeeded,
  seedPaidDonations,
  storedDonation,
  unfinishedClaim,
} from '../support/donations';
import { type GivingCharity, makeGivingCharity } from '../support/giving';

/**
 * Gift Aid claims side by side (decision 19.15), through the local cloud: claims of overlapping periods made at
 * once never take one donation twice, and the Gift Aid to claim ends exact; a claim whose run stopped after
 * marking is left out of the Gift Aid to claim at once and completed by the charity's next claim.
 */
jest.setTimeout(180_000);

let charity: GivingCharity;

beforeAll(async () => {
  charity = await makeGivingCharity({ label: 'claims-side-by-side' });
}, 180_000);

type Claim = { id: string; donations: number; donated_pence: number; files: number };

const claimFor = (from: string, to: string) =>
  callApi('POST', '/api/me/gift-aid/claims', { from, to }, { token: charity.idToken });

async function giftAidToClaim(): Promise<number> {
  const res = await donationSummary(charity.idToken);
  expect(res.status).toBe(200);
  return res.body.gift_aid_to_claim_pence as number;
}

const sum = (pence: number[]) => pence.reduce((t, p) => t + p, 0);

describe('Gift Aid claims side by side', () => {
  it('two claims of overlapping periods made at once never take the same donation; the Gift Aid ends exact', async () => {
    const year = new Date().getUTCFullYear() - 2;
    // January to March, 150 a month: the claims overlap on February.
    const paidAt = (i: number) =>
      new Date(Date.UTC(year, Math.floor(i / 150), 2 + (i % 25), 11)).toISOString();
    const seeded = await seedPaidDonations(charity, 450, (i) => ({
      paidAt: paidAt(i),
      giftAid: {},
      pence: 1000 + i,
    }));
    const before = await giftAidToClaim();
    expect(before).toBe(giftAidOn(sum(seeded.map((d) => d.donation_pence))));

    const [a, b] = await Promise.all([
      claimFor(`${year}-01-01`, `${year}-02-28`),
      claimFor(`${year}-02-01`, `${year}-03-31`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const claims = [a.body.claim as Claim, b.body.claim as Claim] as const;
    expect(claims[0].donations + claims[1].donations).toBe(450);
    expect(claims[0].donated_pence + claims[1].donated_pence).toBe(sum(seeded.map((d) => d.donation_pence)));
    // Each donation carries exactly one of the two claims, and each claim's figures are its donations'.
    const stored = await Promise.all(seeded.map((d) => storedDonation(d.id)));
    for (const claim of claims) {
      const its = stored.filter((d) => d?.claim_id === claim.id);
      expect(its).toHaveLength(claim.donations);
      expect(sum(its.map((d) => d?.donation_pence ?? 0))).toBe(claim.donated_pence);
    }
    expect(stored.every((d) => d?.claim_id === claims[0].id || d?.claim_id === claims[1].id)).toBe(true);
    // The schedules' rows are the claims' donations, none twice.
    const rows = [a, b].flatMap((r) => (r.body.files as { rows: number }[]).map((f) => f.rows));
    expect(sum(rows)).toBe(450);
    expect(await giftAidToClaim()).toBe(0);
  });

  it('a claim stopped after marking is out of the Gift Aid to claim, and the next claim completes it', async () => {
    const year = new Date().getUTCFullYear() - 2;
    const day = (month: number, i: number) => new Date(Date.UTC(year, month, 2 + (i % 25), 12)).toISOString();
    const [may, june] = await Promise.all([
      seedPaidDonations(charity, 150, (i) => ({ paidAt: day(4, i), giftAid: {}, pence: 2000 + i })),
      seedPaidDonations(charity, 10, (i) => ({ paidAt: day(5, i), giftAid: {}, pence: 3000 + i })),
    ]);
    const mayPence = sum(may.map((d) => d.donation_pence));
    const junePence = sum(june.map((d) => d.donation_pence));
    expect(await giftAidToClaim()).toBe(giftAidOn(mayPence + junePence));

    // Its run died after marking May: ten minutes ago, so no run of it can still be alive.
    const createdAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const stale = await unfinishedClaim(charity, may, {
      from: `${year}-05-01`,
      to: `${year}-05-31`,
      createdAt,
    });
    expect(await giftAidToClaim()).toBe(giftAidOn(junePence));
    // A refund of a donation it marked leaves the Gift Aid to claim alone (the claim has it).
    await refundSeeded(may[0] as (typeof may)[number]);
    expect(await giftAidToClaim()).toBe(giftAidOn(junePence));
    const listed = await callApi('GET', '/api/me/gift-aid/claims', undefined, { token: charity.idToken });
    expect((listed.body.claims as Claim[]).find((c) => c.id === stale)).toMatchObject({ donations: 0 });

    // The next claim (June) completes it first, from its parts, and takes its own.
    const next = await claimFor(`${year}-06-01`, `${year}-06-30`);
    expect(next.status).toBe(200);
    expect(next.body.claim).toMatchObject({ donations: 10, donated_pence: junePence, files: 1 });
    const after = await callApi('GET', '/api/me/gift-aid/claims', undefined, { token: charity.idToken });
    expect((after.body.claims as Claim[]).find((c) => c.id === stale)).toMatchObject({
      donations: 150,
      donated_pence: mayPence,
      files: 1,
    });
    expect(await giftAidToClaim()).toBe(0);
    // Its schedule is the re-issue's: the donations it marked that are still paid.
    const files = await callApi(
      'POST',
      `/api/me/gift-aid/claims/${stale}/files`,
      {},
      { token: charity.idToken },
    );
    expect(files.body).toMatchObject({ withdrawn: 1 });
    expect((files.body.files as { rows: number }[])[0]?.rows).toBe(149);
  });
});
