import type { PaymentsPort } from '../../adapters/payments';
import type { PayoutData } from '../../data/payouts';
import { recordMetric } from '../../lib/metrics';

/**
 * Connected accounts' payouts (issue 33): on `payout.paid` / `payout.failed` / `payout.reconciliation_completed`
 * the payout is recorded with every balance transaction it paid out (read from Stripe once it has reconciled
 * them, so the record is Stripe's, not a guess), each tied to its donation. Recording again writes the same
 * items, so a redelivered or retried event changes nothing.
 */
export interface PayoutDeps {
  payouts: Pick<PayoutData, 'record'>;
  payments: Pick<PaymentsPort, 'getAccount' | 'listPayoutLines'>;
  warn: (message: string, extra: Record<string, unknown>) => void;
  /** Logs an error line the payout alarm counts. */
  alarm: (message: string, extra: Record<string, unknown>) => void;
}

const isoDay = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';

const PAYOUT_EVENTS = new Set(['payout.paid', 'payout.failed', 'payout.reconciliation_completed']);

/**
 * Handles a connected account's `payout.*` event; other events are not its business. Stripe says a payout's
 * list of balance transactions is complete only once its `reconciliation_status` is `completed` (event
 * `payout.reconciliation_completed`): before that, `payout.paid` records the payout alone, marked pending, and
 * the reconciliation completes that record with every line.
 */
export async function payoutEvent(
  deps: PayoutDeps,
  event: { type: string; account?: string; data: { object: Record<string, unknown> } },
): Promise<void> {
  if (!PAYOUT_EVENTS.has(event.type)) return;
  const payout = event.data.object;
  const id = typeof payout.id === 'string' ? payout.id : null;
  const accountId = event.account;
  if (!id || !accountId || typeof payout.amount !== 'number') return;
  // Whose account: the charity id we set on it at creation (the payout itself does not say).
  const account = await deps.payments.getAccount(accountId);
  if (!account.charityId) {
    deps.warn('payout of an account that is not a charity of ours', { payout: id, account: accountId });
    return;
  }
  const complete = payout.reconciliation_status === 'completed';
  const lines = complete ? await deps.payments.listPayoutLines(accountId, id) : [];
  const sum = lines.reduce((total, line) => total + line.net_pence, 0);
  const reconciled = complete && sum === payout.amount;
  if (complete && !reconciled) {
    recordMetric('PayoutMismatches');
    deps.alarm('payout lines do not sum to the payout', { payout: id, amount: payout.amount, lines: sum });
  }
  const failed = payout.status === 'failed' || event.type === 'payout.failed';
  const recorded = await deps.payouts.record(
    {
      id,
      user_id: account.charityId,
      account_id: accountId,
      status: failed ? 'failed' : 'paid',
      amount_pence: payout.amount,
      arrival_date: isoDay(payout.arrival_date),
      created_at: new Date(((payout.created as number) ?? 0) * 1000).toISOString(),
      donations: new Set(lines.flatMap((l) => (l.donation_id ? [l.donation_id] : []))).size,
      failure_message: failed
        ? typeof payout.failure_message === 'string'
          ? payout.failure_message
          : 'The payout failed.'
        : null,
      reconciled,
      reconciliation: complete ? 'completed' : 'pending',
    },
    lines.map((l) => ({ txn_id: l.id, type: l.type, net_pence: l.net_pence, donation_id: l.donation_id })),
  );
  if (recorded && event.type !== 'payout.reconciliation_completed')
    recordMetric(failed ? 'PayoutsFailed' : 'PayoutsPaid');
}
