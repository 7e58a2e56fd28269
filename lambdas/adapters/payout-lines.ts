import type { PayoutLine } from './payments';

/** A GET of the connected account's API (`Stripe-Account` set), answering the parsed JSON. */
type AccountGet = (path: string) => Promise<unknown>;

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

/**
 * Stripe's payout reconciliation for destination charges: the payout's balance transactions on the connected
 * account (`GET /v1/balance_transactions?payout=…`, paged), each payment expanded through its transfer to the
 * platform charge that carries our donation id; a reversal's payment is read to find its donation. The
 * payout's own transaction is left out.
 */
export async function payoutLines(get: AccountGet, payoutId: string): Promise<PayoutLine[]> {
  const lines: PayoutLine[] = [];
  let after: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ payout: payoutId, limit: String(PAGE) });
    query.append('expand[0]', 'data.source.source_transfer.source_transaction');
    if (after) query.set('starting_after', after);
    const page = objectOf(await get(`/v1/balance_transactions?${query}`));
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
            objectOf(
              await get(
                `/v1/charges/${encodeURIComponent(payment)}?expand[0]=source_transfer.source_transaction`,
              ),
            ),
          );
      }
      lines.push({ id, type, net_pence: typeof txn.net === 'number' ? txn.net : 0, donation_id: donation });
    }
    if (page?.has_more !== true || data.length === 0) return lines;
  }
}
