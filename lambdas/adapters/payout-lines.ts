import type { Params, StripeCall } from './payments-http';
import type { PaymentsPort, PayoutLine } from './payments-port';

type Obj = Record<string, unknown> | null | undefined;
const objectOf = (value: unknown): Obj =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof objectOf(value)?.id === 'string'
      ? (objectOf(value)?.id as string)
      : null;

/** The donation behind a `py_` payment: its transfer's source charge on the platform names it. */
const donationOfPayment = (payment: Obj): string | null => {
  const charge = objectOf(objectOf(payment?.source_transfer)?.source_transaction);
  const id = objectOf(charge?.metadata)?.donation_id;
  return typeof id === 'string' ? id : null;
};

/** Balance transactions a page (Stripe's most). */
const PAGE = 100;

/** `GET /v1/balance_transactions` of a payout, a page (checked against `Stripe.BalanceTransactionListParams`). */
export const payoutLinesParams = (payoutId: string, after: string | null) => ({
  payout: payoutId,
  limit: PAGE,
  expand: ['data.source.source_transfer.source_transaction'],
  ...(after ? { starting_after: after } : {}),
});

/** `GET /v1/charges/:py` of a reversal's payment (checked against `Stripe.ChargeRetrieveParams`). */
export const paymentParams = () => ({ expand: ['source_transfer.source_transaction'] });

/**
 * Stripe's payout reconciliation for destination charges: the payout's balance transactions on the connected
 * account (`GET /v1/balance_transactions?payout=…` with `Stripe-Account`, paged), each payment expanded through
 * its transfer to the platform charge that carries our donation id; a reversal's payment is read to find its
 * donation. The payout's own transaction is left out.
 */
export async function payoutLines(
  call: StripeCall,
  accountId: string,
  payoutId: string,
): Promise<PayoutLine[]> {
  const get = (path: string, params: Params) => call<unknown>('GET', path, params, { account: accountId });
  const lines: PayoutLine[] = [];
  let after: string | null = null;
  for (;;) {
    const page = objectOf(await get('/v1/balance_transactions', payoutLinesParams(payoutId, after)));
    const data = Array.isArray(page?.data) ? (page.data as unknown[]) : [];
    for (const raw of data) {
      const txn = objectOf(raw);
      const id = idOf(txn?.id);
      if (!txn || !id) continue;
      after = id;
      const type = typeof txn.type === 'string' ? txn.type : 'unknown';
      if (type === 'payout') continue;
      const source = objectOf(txn.source);
      let donation = type === 'payment' ? donationOfPayment(source) : null;
      if (!donation && type === 'payment_refund') {
        const payment = idOf(source?.charge);
        if (payment)
          donation = donationOfPayment(
            objectOf(await get(`/v1/charges/${encodeURIComponent(payment)}`, paymentParams())),
          );
      }
      lines.push({ id, type, net_pence: typeof txn.net === 'number' ? txn.net : 0, donation_id: donation });
    }
    if (page?.has_more !== true || data.length === 0) return lines;
  }
}

/** Payouts (issue 33, REPORTS): what a payout of a connected account paid, line by line. */
export function stripePayouts(call: StripeCall): Pick<PaymentsPort, 'listPayoutLines'> {
  return { listPayoutLines: (accountId, payoutId) => payoutLines(call, accountId, payoutId) };
}
