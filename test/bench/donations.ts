import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointTestKitAt, spawnLocalCloud } from '../support/local-cloud-process';

/**
 * `npm run bench -- donations`: 10,000 paid, Gift-Aided donations on one charity (written through the donations
 * module: paying each at the local Stripe would take an hour), then, through the origin and gateway: the first
 * page of `list-donations` (p50/p95 of 50 calls), the donations CSV and the Gift Aid schedule (10 ODS files of
 * 1,000 rows) each end to end (request to links answered). Memory: the resident set of the local cloud's
 * process, which runs every function in-process (as Lambda runs one), sampled every 10 ms during each call:
 * the growth over its level before the call is what the call used (the process also holds s3rver and the
 * gateway, so its absolute size says little).
 */
const PORT_OFFSET = 520;
const DONATIONS = 10_000;

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function measured<T>(pid: number | undefined, run: () => Promise<T>) {
  const before = pid ? rssMb(pid) : 0;
  let peak = before;
  const timer = setInterval(() => {
    if (pid) peak = Math.max(peak, rssMb(pid));
  }, 10);
  const t0 = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - t0, growthMb: peak - before, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchDonations(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-bench-donations-'));
  const cloud = await spawnLocalCloud({ portOffset: PORT_OFFSET, stateDir });
  try {
    pointTestKitAt(cloud.info);
    const { makeGivingCharity } = await import('../support/giving');
    const { seedPaidDonations } = await import('../support/donations');
    const { callApi } = await import('../support/api');
    const charity = await makeGivingCharity({ label: 'bench-donations' });
    const year = new Date().getUTCFullYear() - 1;
    const t0 = performance.now();
    await seedPaidDonations(
      charity,
      DONATIONS,
      (i) => ({
        paidAt: new Date(Date.UTC(year, 0, 1) + i * 2_000_000).toISOString(),
        giftAid: { first_name: `Donor${i}`, last_name: 'Bench' },
        pence: 500 + (i % 5000),
      }),
      32,
    );
    console.log(`  seeded ${DONATIONS} donations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const as = { token: charity.idToken };

    const list: number[] = [];
    let listStatus = 0;
    for (let i = 0; i < 55; i++) {
      const t = performance.now();
      const res = await callApi('GET', '/api/me/donations', undefined, as);
      if (i >= 5) list.push(performance.now() - t);
      listStatus = res.status;
    }
    list.sort((a, b) => a - b);

    const csv = await measured(cloud.pid, () => callApi('POST', '/api/me/donations/export', {}, as));
    const claim = await measured(cloud.pid, () =>
      callApi('POST', '/api/me/gift-aid/claims', { from: `${year}-01-01`, to: `${year}-12-31` }, as),
    );
    const files = (claim.result.body.files as { rows: number }[] | undefined) ?? [];
    // The schedule alone: the same claim's files again (no marking).
    const claimId = (claim.result.body.claim as { id?: string } | undefined)?.id ?? 'none';
    const reissue = await measured(cloud.pid, () =>
      callApi('POST', `/api/me/gift-aid/claims/${claimId}/files`, {}, as),
    );

    console.log('\nDonations of one charity, 10,000 (ms)          p50      p95');
    console.log(
      `  list-donations, first page (x50)${listStatus === 200 ? '' : ` [answered ${listStatus}]`}    ${percentile(list, 50).toFixed(1).padEnd(9)}${percentile(list, 95).toFixed(1)}`,
    );
    console.log(
      '\n                                     status  ms       rows     memory growth / process peak (MB)',
    );
    console.log(
      `  donations CSV                      ${csv.result.status}     ${csv.ms.toFixed(0).padEnd(9)}${String((csv.result.body.files as { rows: number }[] | undefined)?.[0]?.rows).padEnd(9)}${csv.growthMb.toFixed(1)} / ${csv.peakMb.toFixed(1)}`,
    );
    console.log(
      `  Gift Aid claim + schedule (${files.length} files) ${claim.result.status}     ${claim.ms.toFixed(0).padEnd(9)}${String(files.reduce((t, f) => t + f.rows, 0)).padEnd(9)}${claim.growthMb.toFixed(1)} / ${claim.peakMb.toFixed(1)}`,
    );
    console.log(
      `  schedule again (re-issue)          ${reissue.result.status}     ${reissue.ms.toFixed(0).padEnd(9)}${String(((reissue.result.body.files as { rows: number }[] | undefined) ?? []).reduce((t, f) => t + f.rows, 0)).padEnd(9)}${reissue.growthMb.toFixed(1)} / ${reissue.peakMb.toFixed(1)}`,
    );
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
