import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnLocalCloud } from '../support/local-cloud-process';

/**
 * Start-up of the local cloud (cold: empty state; warm: reusing it) and the latency of
 * GET /api/health through the local gateway (origin -> gateway -> handler -> DynamoDB Local).
 * Run on an idle machine; figures are wall-clock.
 */
const PORT_OFFSET = 400;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timeStart(stateDir: string) {
  const t0 = performance.now();
  const cloud = await spawnLocalCloud({ portOffset: PORT_OFFSET, stateDir });
  return { ms: performance.now() - t0, cloud };
}

async function load(url: string, total: number, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const s = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`health answered ${res.status}`);
        times.push(performance.now() - s);
      }
    }),
  );
  const elapsed = performance.now() - t0;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: (total / elapsed) * 1000,
  };
}

/** Local cloud start-up and health latency. */
export async function benchLocalCloud(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-bench-'));
  try {
    const cold = await timeStart(stateDir);
    await cold.cloud.stop();
    const warm = await timeStart(stateDir);
    try {
      const url = `${warm.cloud.info.appUrl}/api/health`;
      await load(url, 50, 5); // warm-up: first import of the handler, JIT
      const sequential = await load(url, 300, 1);
      const parallel = await load(url, 1000, 20);
      const f = (n: number) => n.toFixed(1);
      console.log('\nLocal cloud start-up (spawn to ready line, includes DynamoDB Local boot)');
      console.log(`  cold start (empty state)   ${f(cold.ms / 1000)} s`);
      console.log(`  warm start (reused state)  ${f(warm.ms / 1000)} s`);
      console.log('\nGET /api/health through the local origin (ms)');
      console.log('  load               p50     p95     p99     req/s');
      console.log(
        `  1 at a time x300   ${f(sequential.p50).padEnd(7)} ${f(sequential.p95).padEnd(7)} ${f(sequential.p99).padEnd(7)} ${f(sequential.rps)}`,
      );
      console.log(
        `  20 at a time x1000 ${f(parallel.p50).padEnd(7)} ${f(parallel.p95).padEnd(7)} ${f(parallel.p99).padEnd(7)} ${f(parallel.rps)}`,
      );
    } finally {
      await warm.cloud.stop();
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
