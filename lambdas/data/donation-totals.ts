import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryPages, type Table, type TxItem, txItem } from './table';

/**
 * A charity's running totals of its donations, changed only in the same transaction as the donation's status
 * change that causes it (paid, refunded, disputed, claimed), so they are exact by construction:
 *
 * - totals `CHARITY#<userId>` / `DONATION_TOTALS`: `raised_pence` (gross of paid donations), `paid_count`,
 *   `gift_aid_unclaimed_pence` (gross of paid, Gift-Aided donations in no claim);
 * - month `CHARITY#<userId>` / `DONATION_MONTH#<YYYY-MM>` (UK month of payment): `raised_pence`, `paid_count`;
 * - supporter `CHARITY#<userId>` / `SUPPORTER#<sha256 of the lower-cased email>`: `paid_count`; supporters are
 *   the markers whose count is above zero (a donor whose only gift was refunded is not one).
 *
 * Items of the charity's partition: they go with the account (the donations themselves are kept).
 */
export const totalsKey = (userId: string) => ({ PK: `CHARITY#${userId}`, SK: 'DONATION_TOTALS' }) as const;
export const monthKey = (userId: string, month: string) =>
  ({ PK: `CHARITY#${userId}`, SK: `DONATION_MONTH#${month}` }) as const;
export const supporterKey = (userId: string, email: string) =>
  ({
    PK: `CHARITY#${userId}`,
    SK: `SUPPORTER#${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`,
  }) as const;

/** A change of the totals: every figure is added (negative to take away). */
export interface TotalsDelta {
  userId: string;
  /** UK month of the donation's payment (`YYYY-MM`); needed when `raised_pence` or `paid_count` change. */
  month?: string;
  /** The donor's email; needed when `paid_count` changes. */
  email?: string;
  raised_pence?: number;
  paid_count?: number;
  gift_aid_unclaimed_pence?: number;
}

const add = (
  TableName: string,
  Key: Record<string, string>,
  figures: Record<string, number | undefined>,
): TxItem | null => {
  const names = Object.entries(figures).filter(([, v]) => v !== undefined && v !== 0) as [string, number][];
  if (names.length === 0) return null;
  return txItem({
    Update: {
      TableName,
      Key,
      UpdateExpression: `ADD ${names.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map(([n], i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map(([, v], i) => [`:v${i}`, v])),
    },
  });
};

/**
 * The transaction items of a change of the totals (for the donation's own transaction): the totals, the month
 * and the supporter marker, each only when something of it changes.
 */
export function totalsChange(tableName: string, delta: TotalsDelta): TxItem[] {
  const items = [
    add(tableName, totalsKey(delta.userId), {
      raised_pence: delta.raised_pence,
      paid_count: delta.paid_count,
      gift_aid_unclaimed_pence: delta.gift_aid_unclaimed_pence,
    }),
  ];
  if (delta.raised_pence || delta.paid_count) {
    if (!delta.month) throw new Error('totalsChange: a change of raised or paid needs the month');
    items.push(
      add(tableName, monthKey(delta.userId, delta.month), {
        raised_pence: delta.raised_pence,
        paid_count: delta.paid_count,
      }),
    );
  }
  if (delta.paid_count) {
    if (!delta.email) throw new Error('totalsChange: a change of paid needs the email');
    items.push(add(tableName, supporterKey(delta.userId, delta.email), { paid_count: delta.paid_count }));
  }
  return items.filter((item): item is TxItem => item !== null);
}

export interface DonationTotals {
  raised_pence: number;
  paid_count: number;
  gift_aid_unclaimed_pence: number;
  /** Months that have had a paid donation (even if refunded since), newest first, with their figures. */
  months: { month: string; raised_pence: number; paid_count: number }[];
  supporters: number;
}

export function donationTotals(table: Table) {
  const TableName = table.name;
  return {
    async get(userId: string): Promise<DonationTotals> {
      const [totals, months, supporters] = await Promise.all([
        table.doc.send(new GetCommand({ TableName, Key: totalsKey(userId), ConsistentRead: true })),
        table.doc.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :month)',
            ExpressionAttributeValues: { ':pk': `CHARITY#${userId}`, ':month': 'DONATION_MONTH#' },
            ScanIndexForward: false,
            ConsistentRead: true,
          }),
        ),
        (async () => {
          let count = 0;
          for await (const page of queryPages(table, {
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
            FilterExpression: 'paid_count > :zero',
            ProjectionExpression: 'SK',
            ExpressionAttributeValues: { ':pk': `CHARITY#${userId}`, ':s': 'SUPPORTER#', ':zero': 0 },
          }))
            count += page.length;
          return count;
        })(),
      ]);
      const item = (totals.Item ?? {}) as Record<string, number | undefined>;
      return {
        raised_pence: item.raised_pence ?? 0,
        paid_count: item.paid_count ?? 0,
        gift_aid_unclaimed_pence: item.gift_aid_unclaimed_pence ?? 0,
        months: (months.Items ?? []).map((m) => ({
          month: String(m.SK).slice('DONATION_MONTH#'.length),
          raised_pence: Number(m.raised_pence ?? 0),
          paid_count: Number(m.paid_count ?? 0),
        })),
        supporters,
      };
    },
  };
}
export type DonationTotalsData = ReturnType<typeof donationTotals>;
