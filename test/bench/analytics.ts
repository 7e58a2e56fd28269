import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointTestKitAt, spawnLocalCloud } from '../support/local-cloud-process';

/**
 * `npm run bench -- analytics`: a charity with two years of daily figures (730 day items, written through the
 * analytics module's own builder), then `get-analytics` through the origin and gateway for "Last year" and
 * "Last 6 months": p50/p95 of 50 calls each (after 5 warm-up calls). Issue 44 asks p95 under 200 ms.
 */
const PORT_OFFSET = 540;
const DAYS = 730;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchAnalytics(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-bench-analytics-'));
  const cloud = await spawnLocalCloud({ portOffset: PORT_OFFSET, stateDir });
  try {
    pointTestKitAt(cloud.info);
    const { createCharity } = await import('../support/charity');
    const { testTable } = await import('../support/table');
    const { dayAdd } = await import('../../lambdas/data/analytics');
    const { transact } = await import('../../lambdas/data/table');
    const { callApi } = await import('../support/api');
    const charity = await createCharity({ label: 'bench-analytics' });
    const table = testTable();
    const today = Date.now();
    const t0 = performance.now();
    for (let i = 0; i < DAYS; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, DAYS - i) }, (_, j) => {
          const n = i + j;
          const day = new Date(today - n * 86_400_000).toISOString().slice(0, 10);
          return transact(
            table,
            dayAdd(table.name, charity.userId, day, {
              profile_views: 20 + (n % 50),
              follows: n % 3,
              donations_paid: n % 4,
              donated_pence: (n % 4) * 1500,
            }),
          );
        }),
      );
    }
    console.log(`  seeded ${DAYS} daily items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const as = { token: charity.idToken };
    console.log('\nget-analytics, two years of daily figures (ms)   p50      p95');
    for (const range of ['12m', '6m']) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < 55; i++) {
        const t = performance.now();
        const res = await callApi('GET', `/api/me/analytics?range=${range}`, undefined, as);
        if (i >= 5) times.push(performance.now() - t);
        status = res.status;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  range ${range} (x50)${status === 200 ? '' : ` [answered ${status}]`}                      ${percentile(times, 50).toFixed(1).padEnd(9)}${percentile(times, 95).toFixed(1)}`,
      );
    }
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
