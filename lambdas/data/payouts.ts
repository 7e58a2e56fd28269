import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { charityPayouts, GSI1 } from './indexes';
import { queryPages, type Table, whenCondition } from './table';

/**
 * A payout to a charity's bank (Stripe's `payout.paid` / `payout.failed`): `PAYOUT#<payoutId>` / `PAYOUT`,
 * listed under GSI1 `PAYOUTS#<userId>` by `<created_at>#<payoutId>`, with one line item per balance transaction
 * it paid out, `PAYOUT#<payoutId>` / `LINE#<txnId>`. Its own partition: it outlives the account (the audit
 * trail of donation to payment is kept six years). Lines are written before the payout, so a payout listed has
 * all its lines; writing again writes the same items (Stripe's events come at least once).
 */
export const payoutKey = (payoutId: string) => ({ PK: `PAYOUT#${payoutId}`, SK: 'PAYOUT' }) as const;
export const payoutLineKey = (payoutId: string, txnId: string) =>
  ({ PK: `PAYOUT#${payoutId}`, SK: `LINE#${txnId}` }) as const;

export interface PayoutItem {
  id: string;
  user_id: string;
  account_id: string;
  status: 'paid' | 'failed';
  amount_pence: number;
  /** `YYYY-MM-DD`. */
  arrival_date: string;
  created_at: string;
  /** Distinct donations among its lines. */
  donations: number;
  failure_message: string | null;
  /** The lines sum to the amount (checked when recorded; the CSV is refused otherwise). */
  reconciled: boolean;
  /**
   * Whether Stripe has finished matching the payout to its balance transactions (`reconciliation_status`):
   * `pending` is a record made from `payout.paid` before that, with no lines yet; `payout.reconciliation_completed`
   * completes it. Absent on records made before issue 41 (they were complete).
   */
  reconciliation?: 'pending' | 'completed';
}

export interface PayoutLineItem {
  txn_id: string;
  type: string;
  net_pence: number;
  donation_id: string | null;
}

export function payoutData(table: Table) {
  const TableName = table.name;
  return {
    /**
     * Records a payout and its lines; a `paid` never replaces a `failed` (a late, reordered event: a payout
     * that failed after being paid stays failed), and a record waiting for reconciliation never replaces one
     * Stripe has reconciled.
     */
    async record(payout: PayoutItem, lines: readonly PayoutLineItem[]): Promise<boolean> {
      for (let i = 0; i < lines.length; i += 25) {
        let requests = lines.slice(i, i + 25).map((line) => ({
          PutRequest: { Item: { ...payoutLineKey(payout.id, line.txn_id), ...line } },
        }));
        for (let attempt = 0; requests.length && attempt < 8; attempt++) {
          const out = await table.doc.send(
            new BatchWriteCommand({ RequestItems: { [TableName]: requests } }),
          );
          requests = (out.UnprocessedItems?.[TableName] ?? []) as typeof requests;
          if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
        if (requests.length) throw new Error('payout lines not written');
      }
      return whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: {
              ...payoutKey(payout.id),
              ...payout,
              GSI1PK: charityPayouts(payout.user_id),
              GSI1SK: `${payout.created_at}#${payout.id}`,
            },
            // A paid never replaces a failed; a record still waiting for Stripe's reconciliation never
            // replaces a completed one (events arrive in any order).
            ConditionExpression:
              payout.reconciliation === 'pending'
                ? 'attribute_not_exists(PK) OR (#status <> :failed AND reconciliation = :pending)'
                : 'attribute_not_exists(PK) OR #status <> :failed OR :new = :failed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues:
              payout.reconciliation === 'pending'
                ? { ':failed': 'failed', ':pending': 'pending' }
                : { ':failed': 'failed', ':new': payout.status },
          }),
        ),
      );
    },

    /** The payout, only when it is this charity's (another charity's id is not found). */
    async get(userId: string, id: string): Promise<PayoutItem | undefined> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: payoutKey(id), ConsistentRead: true }),
      );
      const payout = out.Item as PayoutItem | undefined;
      return payout?.user_id === userId ? payout : undefined;
    },

    /** The payout's lines, page by page. */
    async *lines(id: string): AsyncGenerator<PayoutLineItem[]> {
      for await (const page of queryPages(table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :line)',
        ExpressionAttributeValues: { ':pk': `PAYOUT#${id}`, ':line': 'LINE#' },
        ConsistentRead: true,
      }))
        yield page as unknown as PayoutLineItem[];
    },

    /** The charity's payouts, newest first. */
    async list(userId: string): Promise<PayoutItem[]> {
      const payouts: PayoutItem[] = [];
      for await (const page of queryPages(table, {
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': charityPayouts(userId) },
        ScanIndexForward: false,
      }))
        payouts.push(...(page as unknown as PayoutItem[]));
      return payouts;
    },
  };
}
export type PayoutData = ReturnType<typeof payoutData>;
