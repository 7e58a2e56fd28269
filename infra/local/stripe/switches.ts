import type http from 'node:http';
import { readBody, sendJson } from '../http';
import type { StripeEngine } from './engine';
import { DISPUTE_STATUSES, type DisputeStatus } from './model';
import type { LocalPayouts } from './payouts';
import type { MoneyBack } from './refunds';
import { type Unruly, unrulyFrom } from './unruly';
import type { WebhookDelivery } from './webhooks';

type Json = Record<string, unknown>;

/**
 * The test switches (`/_local/*`, behind the secret key, JSON bodies):
 * - `unruly` (or `delivery`) `{duplicates, shuffle, parallel, delay_ms, async_payments, async_after_ms,
 *   refund_fail_after_ms, reconciliation_after_ms}`: what it names is set, the rest back to the run's settings;
 * - `accounts/<acct>` `{enabled}`: an account's charges on or off;
 * - `disputes` `{charge, reason?, inquiry?}` opens a dispute (an inquiry: `warning_needs_response`);
 *   `disputes/<dp>/status` `{status}` moves it; `disputes/<dp>/close` `{outcome: won | lost | warning_closed}`;
 * - `refunds/<re>/fail`: the card refuses a refund now;
 * - `sessions/<cs>/settle` `{outcome: succeeded | failed}`: an asynchronous payment ends now;
 * - `payouts` `{account?, fail?, automatic?}`: payouts now;
 * - `settled`: waits until every event queued has been delivered.
 */
export async function handleSwitch(
  parts: {
    engine: StripeEngine;
    money: MoneyBack;
    payouts: LocalPayouts;
    delivery: WebhookDelivery;
    run: Unruly;
  },
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const { engine, money, payouts, delivery } = parts;
  const body = JSON.parse((await readBody(req, 10_000))?.toString('utf8') || '{}') as Json;
  const path = url.pathname.slice('/_local/'.length);
  const match = (re: RegExp) => re.exec(path)?.[1];
  if (path === 'unruly' || path === 'delivery') {
    let unruly: Unruly;
    try {
      unruly = unrulyFrom(body, parts.run);
    } catch (error) {
      return sendJson(res, 400, { error: (error as Error).message });
    }
    engine.unruly = unruly;
    delivery.options = unruly;
    return sendJson(res, 200, unruly);
  }
  const account = match(/^accounts\/(acct_\w+)$/);
  if (account) return sendJson(res, 200, engine.setAccountState(account, body.enabled === true));
  if (path === 'disputes')
    return sendJson(
      res,
      200,
      money.openDispute(String(body.charge ?? ''), body.reason as string | undefined, body.inquiry === true),
    );
  const closing = match(/^disputes\/(dp_\w+)\/close$/);
  if (closing) {
    const outcome = body.outcome === 'won' || body.outcome === 'warning_closed' ? body.outcome : 'lost';
    return sendJson(res, 200, money.closeDispute(closing, outcome));
  }
  const moving = match(/^disputes\/(dp_\w+)\/status$/);
  if (moving) {
    const status = body.status as DisputeStatus;
    if (!DISPUTE_STATUSES.includes(status))
      return sendJson(res, 400, { error: `unknown status ${body.status}` });
    return sendJson(res, 200, money.moveDispute(moving, status));
  }
  const refund = match(/^refunds\/(re_\w+)\/fail$/);
  if (refund) return sendJson(res, 200, money.failRefund(refund));
  const session = match(/^sessions\/(cs_\w+)\/settle$/);
  if (session) return sendJson(res, 200, engine.settleAsync(session, body.outcome !== 'failed'));
  // Payouts (issue 33): one account's available balance now (`fail`: the bank refuses it), or every account's.
  if (path === 'payouts') {
    const one = typeof body.account === 'string' ? body.account : null;
    const opts = { fail: body.fail === true, automatic: body.automatic !== false };
    const made = one ? [payouts.payout(one, opts)] : payouts.payoutAll();
    return sendJson(res, 200, { payouts: made.filter(Boolean) });
  }
  if (path === 'settled') {
    await delivery.settled();
    return sendJson(res, 200, { settled: true });
  }
  sendJson(res, 404, { error: 'not found' });
}
