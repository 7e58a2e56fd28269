import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, type TxItem, txItem } from './table';

/**
 * A charity's daily figures (issue 44), the only writer of these items: PK `ANALYTICS#<userId>`, SK
 * `DAY#<YYYY-MM-DD>` (the UK day), counters changed only by atomic ADD:
 * - `profile_views`: public page renders of the visible charity (the API answer and the server-rendered page);
 * - `post_views`: those renders that showed the charity's published posts;
 * - `mail_clicks`: opens of a post from an update mail (its link passes through `open-post-from-mail`: a count
 *   per day, nothing about who opened it);
 * - `follows`, `unfollows`: confirmed follows and stopped confirmed follows, in the follow's own transaction;
 * - `donations_paid`, `donated_pence`: donations becoming paid, in the donation's paid transaction (exact).
 * A partition of its own, so the public page's function may add views to it and to nothing else (decision
 * 20.20). Every item expires (TTL) {@link KEEP_DAYS} after its day: a chart reads at most a year.
 * A chart is one Query over a range of days.
 */
export const ANALYTICS_PK_PREFIX = 'ANALYTICS#';
export const analyticsPk = (userId: string) => `${ANALYTICS_PK_PREFIX}${userId}`;
export const dayKey = (userId: string, day: string) =>
  ({ PK: analyticsPk(userId), SK: `DAY#${day}` }) as const;

/** The attributes a view count touches (the public page's grant allows these alone: infra/constructs/table-binding.ts). */
export const VIEW_COUNTER_ATTRIBUTES = [
  'PK',
  'SK',
  'profile_views',
  'post_views',
  'mail_clicks',
  'expiresAt',
] as const;

/** Days an item is kept after its day (TTL): two years of figures and a margin. */
export const KEEP_DAYS = 800;

/** The counters of a day. */
export const DAY_COUNTERS = [
  'profile_views',
  'post_views',
  'mail_clicks',
  'follows',
  'unfollows',
  'donations_paid',
  'donated_pence',
] as const;
export type DayCounter = (typeof DAY_COUNTERS)[number];
export type DayFigures = { day: string } & Record<DayCounter, number>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const expiresAt = (day: string): number => {
  if (!DAY.test(day)) throw new Error(`analytics: not a day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d + 1 + KEEP_DAYS) / 1000;
};

/** The update that adds `counts` to a day (the item made when absent). */
const addUpdate = (
  TableName: string,
  userId: string,
  day: string,
  counts: Partial<Record<DayCounter, number>>,
) => {
  const names = Object.entries(counts).filter(([, v]) => v !== undefined && v !== 0) as [
    DayCounter,
    number,
  ][];
  if (names.length === 0) return null;
  for (const [name, value] of names)
    if (!DAY_COUNTERS.includes(name) || !Number.isInteger(value))
      throw new Error(`analytics: ${name} must be a counter and an integer`);
  return {
    TableName,
    Key: dayKey(userId, day),
    UpdateExpression: `SET expiresAt = :exp ADD ${names.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map(([n], i) => [`#c${i}`, n])),
    ExpressionAttributeValues: {
      ':exp': expiresAt(day),
      ...Object.fromEntries(names.map(([, v], i) => [`:v${i}`, v])),
    },
  };
};

/**
 * The transaction item that adds `counts` to a charity's day, for the transaction of the change it counts (a
 * donation becoming paid, a follow confirmed or stopped): counted exactly when that change is stored.
 */
export function dayAdd(
  tableName: string,
  userId: string,
  day: string,
  counts: Partial<Record<DayCounter, number>>,
): TxItem[] {
  const update = addUpdate(tableName, userId, day, counts);
  return update ? [txItem({ Update: update })] : [];
}

const toFigures = (item: Record<string, unknown>): DayFigures => ({
  day: String(item.SK).slice('DAY#'.length),
  ...(Object.fromEntries(DAY_COUNTERS.map((c) => [c, Number(item[c] ?? 0)])) as Record<DayCounter, number>),
});

export function analyticsData(table: Table) {
  const TableName = table.name;
  const add = async (userId: string, day: string, counts: Partial<Record<DayCounter, number>>) => {
    const update = addUpdate(TableName, userId, day, counts);
    if (update) await table.doc.send(new UpdateCommand(update));
  };
  return {
    /**
     * One more view of the charity's public page on `day`, and of its posts when the page showed some (the only
     * write the public page makes).
     */
    async countView(userId: string, day: string, showedPosts: boolean): Promise<void> {
      await add(userId, day, { profile_views: 1, post_views: showedPosts ? 1 : 0 });
    },

    /** One more post opened from an update mail on `day` (the only write of `open-post-from-mail`). */
    async countMailClick(userId: string, day: string): Promise<void> {
      await add(userId, day, { mail_clicks: 1 });
    },

    /**
     * The charity's days from `from` to `to` (inclusive, `YYYY-MM-DD`), oldest first: one Query (two years of
     * days are about 730 items of under 100 bytes, well under a Query's 1 MB; it follows a page if ever more).
     */
    async days(userId: string, from: string, to: string): Promise<DayFigures[]> {
      const out: DayFigures[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await table.doc.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': analyticsPk(userId),
              ':from': `DAY#${from}`,
              ':to': `DAY#${to}`,
            },
            ExclusiveStartKey: start,
          }),
        );
        out.push(...(page.Items ?? []).map(toFigures));
        start = page.LastEvaluatedKey;
      } while (start);
      return out;
    },
  };
}
export type AnalyticsData = ReturnType<typeof analyticsData>;
