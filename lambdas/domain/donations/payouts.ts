import { ErrorCode } from '@shared/api/error-codes';
import type { ExportFilesResponse, Payout } from '@shared/api/schemas/donations';
import { DonationsMessage } from '@shared/donations';
import type { Donation } from '../../data/donations';
import type { PayoutData, PayoutItem, PayoutLineItem } from '../../data/payouts';
import { type Cell, CSV_CONTENT_TYPE, csvStream, pounds } from '../../lib/csv';
import { AppError, NotFoundError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { type FileDeps, paidDay, writeFile } from './files';

/** The charity's payouts and each one's CSV, whose lines sum exactly to the payout (issue 33). */
export interface PayoutViewDeps {
  payouts: Pick<PayoutData, 'get' | 'list' | 'lines'>;
}
export interface PayoutExportDeps extends PayoutViewDeps, FileDeps {
  donation(id: string): Promise<Donation | undefined>;
  /** Logs an error line the payout alarm counts. */
  alarm: (message: string, extra: Record<string, unknown>) => void;
}

export const PAYOUT_DOES_NOT_SUM =
  'This payout’s lines do not add up to it yet, so its CSV cannot be made. We have been alerted and will put it right.';

const view = (p: PayoutItem): Payout => ({
  id: p.id,
  status: p.status,
  amount_pence: p.amount_pence,
  arrival_date: p.arrival_date,
  created_at: p.created_at,
  donations: p.donations,
  failure_message: p.failure_message,
});

/** `list-payouts`. */
export async function listPayouts(deps: PayoutViewDeps, userId: string) {
  return { success: true as const, payouts: (await deps.payouts.list(userId)).map(view) };
}

export const PAYOUT_HEADINGS = [
  'Payout',
  'Line',
  'Reference',
  'Date paid (UK)',
  'Donation (gross)',
  'Card fee',
  'Net to the charity',
] as const;

const KIND: Record<string, string> = { payment: 'Donation', payment_refund: 'Refund (reversed)' };

async function* csvRows(
  deps: PayoutExportDeps,
  payout: PayoutItem,
  count: { rows: number },
): AsyncGenerator<Cell[][]> {
  for await (const lines of deps.payouts.lines(payout.id)) {
    const rows: Cell[][] = [];
    const donations = await Promise.all(
      lines.map((l) => (l.donation_id ? deps.donation(l.donation_id) : Promise.resolve(undefined))),
    );
    for (const [i, line] of lines.entries()) {
      const d = donations[i];
      const donation = line.type === 'payment' ? d : undefined;
      rows.push([
        payout.id,
        KIND[line.type] ?? line.type,
        line.donation_id ?? line.txn_id,
        d ? paidDay(d) : null,
        donation ? pounds(donation.donation_pence) : null,
        donation ? pounds(donation.card_fee_pence) : null,
        pounds(line.net_pence),
      ]);
    }
    count.rows += rows.length;
    yield rows;
  }
}

async function linesSum(deps: PayoutViewDeps, id: string): Promise<number> {
  let sum = 0;
  for await (const lines of deps.payouts.lines(id))
    sum += lines.reduce((t: number, l: PayoutLineItem) => t + l.net_pence, 0);
  return sum;
}

/** `export-payout`: refused (and alarmed) unless its lines sum exactly to the payout. */
export async function exportPayout(
  deps: PayoutExportDeps,
  userId: string,
  input: { payoutId: string },
): Promise<ExportFilesResponse> {
  const payout = await deps.payouts.get(userId, input.payoutId);
  if (!payout) throw new NotFoundError(DonationsMessage.PayoutNotFound);
  if (payout.reconciliation === 'pending')
    throw new AppError({
      statusCode: 409,
      code: ErrorCode.Conflict,
      message: DonationsMessage.PayoutReconciling,
    });
  const sum = await linesSum(deps, payout.id);
  if (sum !== payout.amount_pence) {
    recordMetric('PayoutMismatches');
    deps.alarm('payout lines do not sum to the payout', {
      payout: payout.id,
      amount: payout.amount_pence,
      lines: sum,
    });
    throw new AppError({ statusCode: 409, code: ErrorCode.Conflict, message: PAYOUT_DOES_NOT_SUM });
  }
  const count = { rows: 0 };
  const file = await writeFile(deps, userId, {
    name: `payout-${payout.arrival_date}-${payout.id}.csv`,
    contentType: CSV_CONTENT_TYPE,
    body: csvStream(PAYOUT_HEADINGS, csvRows(deps, payout, count)),
    rows: () => count.rows,
  });
  return { success: true, files: [file] };
}
