import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointTestKitAt, spawnLocalCloud } from '../support/local-cloud-process';

/**
 * `npm run bench -- giving`: in a local cloud of its own, the latency of creating a donation through the origin
 * and gateway (POST /api/donations: checks, the transaction, the Checkout Session at the local Stripe), and of
 * webhook-to-receipt (from the card's payment at the local Stripe, which sends the signed events, until the
 * receipt is in the local mailbox). Run on an idle machine; figures are wall-clock.
 */
const PORT_OFFSET = 500;
const DONATIONS = 100;
const PAYMENTS = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padEnd(8);
  return `${f(percentile(sorted, 50))}${f(percentile(sorted, 95))}${f(percentile(sorted, 99))}`;
};

export async function benchGiving(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kindred-bench-giving-'));
  const cloud = await spawnLocalCloud({ portOffset: PORT_OFFSET, stateDir });
  try {
    // The test kit reads the cloud from LOCAL_CLOUD, as in the jest projects.
    pointTestKitAt(cloud.info);
    const { donationInput, give, makeGivingCharity, payOnCheckout, CARDS } = await import(
      '../support/giving'
    );
    const { mailTo } = await import('../support/api');
    const charity = await makeGivingCharity({ label: 'bench', giftAid: false });

    // Warm-up: the first import of each handler.
    for (let i = 0; i < 5; i++) await give(donationInput(charity));

    const create: number[] = [];
    const started: { checkout_url: string; email: string }[] = [];
    for (let i = 0; i < DONATIONS; i++) {
      const input = donationInput(charity);
      const t0 = performance.now();
      const res = await give(input);
      create.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`donation ${res.status}: ${JSON.stringify(res.body)}`);
      started.push({ checkout_url: res.body.checkout_url as string, email: input.email });
    }

    const receipt: number[] = [];
    for (const { checkout_url, email } of started.slice(0, PAYMENTS)) {
      const paid = await payOnCheckout(checkout_url, CARDS.paid, email);
      if (paid.status !== 303) throw new Error(`payment ${paid.status}`);
      const t0 = performance.now();
      while ((await mailTo(email)).length === 0) {
        if (performance.now() - t0 > 30_000) throw new Error('no receipt in 30 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      receipt.push(performance.now() - t0);
    }

    console.log('\nGiving in the local cloud (ms)                     p50     p95     p99');
    console.log(`  POST /api/donations (x${DONATIONS}, one at a time)      ${summary(create)}`);
    console.log(`  payment to receipt in the mailbox (x${PAYMENTS})       ${summary(receipt)}`);
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
