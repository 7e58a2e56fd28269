import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, type TxItem, txItem } from './table';

/**
 * A charity's running totals of its donations, changed only in the same transaction as the donation's status
 * change that causes it (paid, refunded, disputed, claimed), so they are exact by construction:
 *
 * - totals `CHARITY#<userId>` / `DONATION_TOTALS`: `raised_pence` (gross of paid donations), `paid_count`,
 *   `gift_aid_unclaimed_pence` (gross of paid, Gift-Aided donations in no claim), `supporters` (the markers
 *   above zero);
 * - month `CHARITY#<userId>` / `DONATION_MONTH#<YYYY-MM>` (UK month of payment): `raised_pence`, `paid_count`;
 * - supporter `CHARITY#<userId>` / `SUPPORTER#<sha256 of the lower-cased email>`: `paid_count`; a donor is a
 *   supporter while it is above zero (one whose only gift was refunded is not). Its change is conditional on
 *   the count it was read at ({@link TotalsDelta.supporterSeen}), so `supporters` moves exactly when a
 *   marker crosses zero, even with two gifts of one donor at once (the second is computed again).
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
  /** The donor's marker count as read before ({@link donationTotals} `supporterSeen`); with `paid_count`. */
  supporterSeen?: number;
  raised_pence?: number;
  paid_count?: number;
  gift_aid_unclaimed_pence?: number;
}

const add = (
  TableName: string,
  Key: Record<string, string>,
  figures: Record<string, number | undefined>,
  /** Only if the count (`paid_count`) is still what it was read at (absent counts as 0). */
  countWas?: number,
): TxItem | null => {
  const names = Object.entries(figures).filter(([, v]) => v !== undefined && v !== 0) as [string, number][];
  if (names.length === 0) return null;
  const condition =
    countWas === undefined
      ? {}
      : {
          ConditionExpression:
            countWas === 0 ? 'attribute_not_exists(#seen) OR #seen = :seen' : '#seen = :seen',
        };
  return txItem({
    Update: {
      TableName,
      Key,
      UpdateExpression: `ADD ${names.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ...condition,
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map(([n], i) => [`#f${i}`, n])),
        ...(countWas === undefined ? {} : { '#seen': 'paid_count' }),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map(([, v], i) => [`:v${i}`, v])),
        ...(countWas === undefined ? {} : { ':seen': countWas }),
      },
    },
  });
};

/** How a change of one donor's paid count moves the charity's supporters: +1 from 0, -1 to 0, else 0. */
export function supportersChange(seen: number, paidCount: number): number {
  if (seen <= 0 && seen + paidCount > 0) return 1;
  if (seen > 0 && seen + paidCount <= 0) return -1;
  return 0;
}

/**
 * The transaction items of a change of the totals (for the donation's own transaction): the totals, the month
 * and the supporter marker, each only when something of it changes.
 */
export function totalsChange(tableName: string, delta: TotalsDelta): TxItem[] {
  if (delta.paid_count && delta.supporterSeen === undefined)
    throw new Error('totalsChange: a change of paid needs the supporter count it was read at');
  const items = [
    add(tableName, totalsKey(delta.userId), {
      raised_pence: delta.raised_pence,
      paid_count: delta.paid_count,
      gift_aid_unclaimed_pence: delta.gift_aid_unclaimed_pence,
      supporters: delta.paid_count ? supportersChange(delta.supporterSeen ?? 0, delta.paid_count) : 0,
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
    items.push(
      add(
        tableName,
        supporterKey(delta.userId, delta.email),
        { paid_count: delta.paid_count },
        delta.supporterSeen ?? 0,
      ),
    );
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
      const [totals, months] = await Promise.all([
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
        supporters: item.supporters ?? 0,
      };
    },

    /** A donor's paid count at this charity now (0 when none), for {@link TotalsDelta.supporterSeen}. */
    async supporterSeen(userId: string, email: string): Promise<number> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: supporterKey(userId, email),
          ProjectionExpression: 'paid_count',
          ConsistentRead: true,
        }),
      );
      return Number(out.Item?.paid_count ?? 0);
    },
  };
}
export type DonationTotalsData = ReturnType<typeof donationTotals>;
