import {
  SCHEDULE_EARLIEST_LABEL,
  SCHEDULE_HEADINGS,
  SCHEDULE_LAYOUT,
  SCHEDULE_SHEET_NAME,
  ukDay,
} from '@shared/donations';
import * as XLSX from 'xlsx';
import { callApi } from '../support/api';
import { refundSeeded, seedPaidDonation, seedPaidDonations } from '../support/donations';
import {
  CARDS,
  donationInput,
  type GivingCharity,
  makeGivingCharity,
  payOnCheckout,
  startDonation,
  UK_GIFT_AID,
} from '../support/giving';
import { hmrcSchedule } from '../support/hmrc-schedule';
import { eventsDelivered, stripeSwitch } from '../support/payments';

/**
 * Reports through the local cloud (issue 33): the donations and declarations CSV, HMRC's Gift Aid schedule read
 * back as HMRC's validator reads it and with a real ODS reader (SheetJS), checked rule by rule, claims that
 * never take a donation twice,
 * payouts from the local Stripe that reconcile to the penny, and another charity's ids refused.
 */
jest.setTimeout(180_000);

let charity: GivingCharity;
let other: GivingCharity;

beforeAll(async () => {
  [charity, other] = await Promise.all([
    makeGivingCharity({ label: 'reports' }),
    makeGivingCharity({ label: 'reports-other' }),
  ]);
}, 180_000);

type Files = { name: string; url: string; rows: number }[];

async function download(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

const api = (c: GivingCharity, method: 'GET' | 'POST', path: string, body?: unknown) =>
  callApi(method, path, method === 'POST' ? (body ?? {}) : undefined, { token: c.idToken });

/**
 * A schedule file read twice: as HMRC's validator reads it (it must find no error), and with a real ODS reader
 * (SheetJS), which must see the same cells where HMRC's template has them.
 */
function readSchedule(bytes: Buffer) {
  const hmrc = hmrcSchedule(bytes);
  expect(hmrc.errors).toEqual([]);
  const book = XLSX.read(bytes, { type: 'buffer' });
  expect(book.SheetNames).toEqual([SCHEDULE_SHEET_NAME]);
  const sheet = book.Sheets[SCHEDULE_SHEET_NAME] as XLSX.WorkSheet;
  const L = SCHEDULE_LAYOUT;
  const at = (r: number, c: number) => {
    const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
    return cell === undefined || cell.v === undefined || cell.v === '' ? null : String(cell.w ?? cell.v);
  };
  const row = (r: number) => Array.from({ length: 10 }, (_, c) => at(r, L.firstColumn + c));
  expect(at(L.earliestLabelRow, L.earliestColumn)).toBe(SCHEDULE_EARLIEST_LABEL);
  expect(row(L.headingsRow)).toEqual([...SCHEDULE_HEADINGS]);
  const data = Array.from({ length: hmrc.rows.length }, (_, i) => row(L.firstDonationRow + i));
  expect(data.map((r) => r.map((c) => c ?? ''))).toEqual(hmrc.rows.map((r) => Object.values(r)));
  return { earliest: at(L.earliestRow, L.earliestColumn) as string, data };
}

/** Every HMRC rule a row must keep (GIVING.md). */
function expectHmrcRow(row: (string | number | null)[], item: number) {
  const [itemCell, title, first, last, house, postcode, aggregated, sponsored, date, amount] = row.map((c) =>
    c === null ? null : String(c),
  );
  expect(itemCell).toBe(String(item));
  expect(title ?? '').toMatch(/^\p{L}{0,4}$/u);
  expect(first?.length).toBeLessThanOrEqual(35);
  expect(last?.length).toBeLessThanOrEqual(35);
  expect((house ?? '').length).toBeLessThanOrEqual(40);
  expect(postcode).toMatch(/^([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|X)$/);
  expect(aggregated).toBeNull();
  expect(sponsored).toBeNull();
  expect(date).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
  expect(amount).toMatch(/^\d+\.\d{2}$/);
}

const ddmmyy = (iso: string) => {
  const d = ukDay(iso);
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(2, 4)}`;
};

describe('Gift Aid schedule', () => {
  it('claims a period: long names cut safely, a non-UK donor X, 1,001 rows in two files, then nothing twice', async () => {
    // A quiet past period of its own: March of last year.
    const year = new Date().getUTCFullYear() - 1;
    const paidAt = (i: number) => new Date(Date.UTC(year, 2, 2 + (i % 25), 10, 0, i % 60)).toISOString();
    // The three first, on the 1st (the schedule is oldest first).
    const early = (i: number) => new Date(Date.UTC(year, 2, 1, 10, i)).toISOString();
    const long = 'Bartholomew-Maximilian Alexander Fitzgerald';
    const special = await Promise.all([
      seedPaidDonation(charity, {
        paidAt: early(0),
        giftAid: { title: 'Prof.', first_name: long, last_name: `${long} Smythe` },
      }),
      seedPaidDonation(charity, {
        paidAt: early(1),
        giftAid: {
          postcode: 'X',
          house: 'Apartment 4B',
          outside_uk_address: '1 Rue de Rivoli, 75001 Paris, France',
        },
      }),
      // Not Gift-Aided: never in a schedule.
      seedPaidDonation(charity, { paidAt: early(2), giftAid: null }),
    ]);
    await seedPaidDonations(charity, 999, (i) => ({ paidAt: paidAt(i + 3), giftAid: {}, pence: 1000 + i }));

    const from = `${year}-03-01`;
    const to = `${year}-03-31`;
    const made = await api(charity, 'POST', '/api/me/gift-aid/claims', { from, to });
    expect(made.status).toBe(200);
    const claim = made.body.claim as {
      id: string;
      donations: number;
      files: number;
      donated_pence: number;
      gift_aid_pence: number;
    };
    expect(claim).toMatchObject({ donations: 1001, files: 2, from, to });
    expect(claim.gift_aid_pence).toBe(Math.floor(claim.donated_pence / 4));
    const files = made.body.files as Files;
    expect(files.map((f) => f.rows)).toEqual([1000, 1]);
    expect(files.map((f) => f.name)).toEqual([
      `gift-aid-schedule-${from}-to-${to}-part-1-of-2.ods`,
      `gift-aid-schedule-${from}-to-${to}-part-2-of-2.ods`,
    ]);

    const all: (string | number | null)[][] = [];
    for (const file of files) {
      const got = await download(file.url);
      expect(got.status).toBe(200);
      expect(got.disposition).toContain(`filename="${file.name}"`);
      const schedule = readSchedule(got.bytes);
      expect(schedule.data).toHaveLength(file.rows);
      for (const [i, row] of schedule.data.entries()) expectHmrcRow(row, i + 1);
      // The earliest date of this file's rows.
      expect(schedule.earliest).toBe(schedule.data[0]?.[8]);
      all.push(...schedule.data);
    }
    // Oldest first: the long-named donor, then the donor abroad.
    const [longRow, abroad] = all;
    expect(longRow?.slice(1, 6)).toEqual([
      'Prof',
      // HMRC asks a space for a hyphen in a surname only: a first name keeps its hyphen (issue 42).
      long.slice(0, 35).trimEnd(),
      `${long.replace('-', ' ')} Smythe`.slice(0, 35).trimEnd(),
      '12',
      'SW1A 1AA',
    ]);
    expect(longRow?.[8]).toBe(ddmmyy(special[0].paid_at as string));
    expect(longRow?.[9]).toBe('25.00');
    expect(abroad?.[5]).toBe('X');
    expect(abroad?.[4]).toBe('Apartment 4B, 1 Rue de Rivoli, 75001 Paris, France'.slice(0, 40));
    expect(all.some((r) => r.includes(special[2].id))).toBe(false);

    // Nothing twice: the period again has nothing left to claim.
    const again = await api(charity, 'POST', '/api/me/gift-aid/claims', { from, to });
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('There are no Gift Aid donations to claim in this period.');

    const listed = await api(charity, 'GET', '/api/me/gift-aid/claims');
    expect((listed.body.claims as { id: string }[]).map((c) => c.id)).toContain(claim.id);
    // Another charity's claim is not found, and not listed.
    expect((await api(other, 'POST', `/api/me/gift-aid/claims/${claim.id}/files`)).status).toBe(404);
    expect((await api(other, 'GET', '/api/me/gift-aid/claims')).body.claims).toEqual([]);
  });

  it('a refund between two claims: the re-issue leaves it out and says so; the next claim never takes it', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const day = (d: number) => new Date(Date.UTC(year, 5, d, 12)).toISOString();
    const [a, b] = await Promise.all([
      seedPaidDonation(charity, { paidAt: day(3), giftAid: {} }),
      seedPaidDonation(charity, { paidAt: day(4), giftAid: { first_name: 'Grace', last_name: 'Hopper' } }),
    ]);
    const first = await api(charity, 'POST', '/api/me/gift-aid/claims', {
      from: `${year}-06-01`,
      to: `${year}-06-10`,
    });
    expect(first.body.claim).toMatchObject({ donations: 2, files: 1 });
    const claimId = (first.body.claim as { id: string }).id;

    await refundSeeded(a);
    const c = await seedPaidDonation(charity, {
      paidAt: day(5),
      giftAid: { first_name: 'Alan', last_name: 'Turing' },
    });

    const reissued = await api(charity, 'POST', `/api/me/gift-aid/claims/${claimId}/files`);
    expect(reissued.status).toBe(200);
    expect(reissued.body.withdrawn).toBe(1);
    const [file] = reissued.body.files as Files;
    const rows = readSchedule((await download(file?.url ?? '')).bytes).data;
    expect(rows.map((r) => r[2])).toEqual(['Grace']);

    const second = await api(charity, 'POST', '/api/me/gift-aid/claims', {
      from: `${year}-06-01`,
      to: `${year}-06-10`,
    });
    expect(second.body.claim).toMatchObject({ donations: 1 });
    const [file2] = second.body.files as Files;
    expect(readSchedule((await download(file2?.url ?? '')).bytes).data.map((r) => r[2])).toEqual(['Alan']);
    expect(b.id).not.toBe(c.id);
  });

  it('refuses a period in the future or backwards, and bad claim ids, with the words', async () => {
    const future = await api(charity, 'POST', '/api/me/gift-aid/claims', {
      from: '2020-01-01',
      to: '2999-01-01',
    });
    expect(future.status).toBe(400);
    const backwards = await api(charity, 'POST', '/api/me/gift-aid/claims', {
      from: '2024-02-01',
      to: '2024-01-01',
    });
    expect(backwards.status).toBe(400);
    expect((await api(charity, 'POST', '/api/me/gift-aid/claims/gac_nope/files')).status).toBe(404);
  });
});

describe('CSV exports', () => {
  it('the donations CSV: BOM, every column, formulas neutralised, email only where agreed, one month', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const paidAt = new Date(Date.UTC(year, 8, 15, 12)).toISOString();
    const [mine] = await Promise.all([
      seedPaidDonation(charity, {
        paidAt,
        message: '=HYPERLINK("http://evil")',
        mayEmail: true,
        email: 'yes@example.org',
        giftAid: {},
      }),
      seedPaidDonation(charity, {
        paidAt,
        anonymous: true,
        email: 'no@example.org',
        message: 'with, a comma',
      }),
    ]);
    const res = await api(charity, 'POST', '/api/me/donations/export', { month: `${year}-09` });
    expect(res.status).toBe(200);
    const [file] = res.body.files as Files;
    expect(file?.rows).toBe(2);
    const got = await download(file?.url ?? '');
    expect(got.disposition).toContain('attachment');
    const text = got.bytes.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFDate (UK),Reference,Amount (gross),Card fee,Net,Gift Aid,Donor,Message,Email,Status',
      ),
    ).toBe(true);
    expect(text).toContain(
      `${ukDay(paidAt)},${mine.id},25.00,0.55,24.45,Yes,Ada Lovelace,"'=HYPERLINK(""http://evil"")",yes@example.org,paid,`,
    );
    expect(text).toContain(',No,Anonymous,"with, a comma",,paid,');
    expect(text).not.toContain('no@example.org');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);

    const declarations = await api(charity, 'POST', '/api/me/gift-aid/declarations/export', {
      month: `${year}-09`,
    });
    const [decl] = declarations.body.files as Files;
    expect(decl?.rows).toBe(1);
    const declText = (await download(decl?.url ?? '')).bytes.toString('utf8');
    expect(declText).toContain(`${mine.id},`);
    expect(declText).toContain('I want to Gift Aid my donation of £25.00');
    expect(declText).toContain(',Ms,Ada,Lovelace,12,SW1A 1AA,,25.00,paid');
  });

  it('another charity exports only its own donations', async () => {
    const res = await api(other, 'POST', '/api/me/donations/export', {});
    const [file] = res.body.files as Files;
    const text = (await download(file?.url ?? '')).bytes.toString('utf8');
    expect(file?.rows).toBe(0);
    expect(text).not.toContain(charity.registrationNumber);
    expect(file?.url).toContain(other.userId);
  });
});

describe('payouts', () => {
  async function payDonation(c: GivingCharity, over = {}) {
    const input = donationInput(c, over);
    const { donation_id, checkout_url } = await startDonation(input);
    expect((await payOnCheckout(checkout_url, CARDS.paid, input.email)).status).toBe(303);
    return donation_id;
  }

  it('the local Stripe pays out on demand; the payout is recorded with its donations and its CSV sums to it', async () => {
    const ids = [
      await payDonation(charity, { amount_pence: 2500, gift_aid: UK_GIFT_AID }),
      await payDonation(charity, { amount_pence: 1234, tip: { kind: 'percent', percent: 10 } }),
    ];
    await eventsDelivered();
    const made = (await stripeSwitch('payouts', { account: charity.accountId })) as {
      payouts: { id: string; amount: number }[];
    };
    const payout = made.payouts[0];
    expect(payout).toBeDefined();
    await eventsDelivered();

    const listed = await api(charity, 'GET', '/api/me/payouts');
    expect(listed.status).toBe(200);
    const mine = (listed.body.payouts as { id: string }[]).find((p) => p.id === payout?.id);
    expect(mine).toMatchObject({
      status: 'paid',
      amount_pence: payout?.amount,
      donations: ids.length,
      failure_message: null,
    });

    const exported = await api(charity, 'POST', `/api/me/payouts/${payout?.id}/export`);
    expect(exported.status).toBe(200);
    const [file] = exported.body.files as Files;
    const lines = (await download(file?.url ?? '')).bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Payout,Line,Reference,Date paid (UK),Donation (gross),Card fee,Net to the charity',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[2]).sort()).toEqual([...ids].sort());
    const sum = rows.reduce((t, r) => t + Math.round(Number(r[6]) * 100), 0);
    expect(sum).toBe(payout?.amount);

    // Nothing left: a second payout now pays nothing.
    expect(
      ((await stripeSwitch('payouts', { account: charity.accountId })) as { payouts: unknown[] }).payouts,
    ).toEqual([]);
    // Another charity's payout id is not found.
    expect((await api(other, 'POST', `/api/me/payouts/${payout?.id}/export`)).status).toBe(404);
    expect((await api(other, 'GET', '/api/me/payouts')).body.payouts).toEqual([]);
  });

  it("a failed payout is recorded failed with the bank's reason; its money goes in the next payout", async () => {
    const id = await payDonation(other, { amount_pence: 500 });
    await eventsDelivered();
    const failed = (await stripeSwitch('payouts', { account: other.accountId, fail: true })) as {
      payouts: { id: string; amount: number }[];
    };
    await eventsDelivered();
    const again = (await stripeSwitch('payouts', { account: other.accountId })) as {
      payouts: { id: string; amount: number }[];
    };
    await eventsDelivered();
    const listed = (await api(other, 'GET', '/api/me/payouts')).body.payouts as {
      id: string;
      status: string;
      failure_message: string | null;
    }[];
    expect(listed.find((p) => p.id === failed.payouts[0]?.id)).toMatchObject({
      status: 'failed',
      failure_message: 'The bank account has been closed.',
    });
    expect(listed.find((p) => p.id === again.payouts[0]?.id)).toMatchObject({ status: 'paid', donations: 1 });
    expect(again.payouts[0]?.amount).toBe(failed.payouts[0]?.amount);
    expect(id).toMatch(/^don_/);
  });
});
