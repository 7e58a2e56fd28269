/**
 * `npm run stripe:payout -- <acct_…> [--fail]`: the local Stripe (`npm start`) pays out a connected account's
 * available balance now, as Stripe's daily schedule does, and sends `payout.paid` (or, with `--fail`,
 * `payout.failed`: the bank refused it) to the Connect webhook. Without an account, every account is paid out.
 * Same LOCAL_STATE_DIR and LOCAL_PORT_OFFSET as `npm start`.
 */
import { join } from 'node:path';
import { settingsFromEnv } from '../infra/local/settings';
import { ensureStripeSecrets } from '../infra/local/stripe/secrets';

async function main() {
  const s = settingsFromEnv();
  const { secretKey } = ensureStripeSecrets(join(s.stateDir, 'stripe', 'secrets.json'));
  const account = process.argv.slice(2).find((a) => a.startsWith('acct_'));
  const res = await fetch(`http://127.0.0.1:${s.ports.stripe}/_local/payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...(account ? { account } : {}), fail: process.argv.includes('--fail') }),
  });
  const body = (await res.json()) as { payouts?: { id: string; amount: number; status: string }[] };
  if (!res.ok) throw new Error(`the local Stripe answered ${res.status}: ${JSON.stringify(body)}`);
  const made = body.payouts ?? [];
  if (!made.length) console.log('Nothing to pay out (no available balance).');
  for (const p of made) console.log(`${p.id}  ${p.status}  £${(p.amount / 100).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
