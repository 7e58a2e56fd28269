import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaItem } from '@shared/api/schemas/media';
import { SessionEndedError } from '../lib/http-errors';
import { accountExists, charityPk, explorePageValidity, vettedCheck } from './charities';
import { ACTIVE_EXPLORE, GSI1 } from './indexes';
import { type Table, type TxItem, transact, txItem, whenCondition } from './table';

/**
 * The one explore page per charity: `EXPLORE` (texts, activation, version) and its media
 * `EXPLORE#MEDIA#<nnn>` (000 = grid, 001.. = feed). Active pages are listed for donors through GSI1
 * (`ACTIVE_EXPLORE` in `indexes.ts`, newest first).
 */
export interface ExploreRecord {
  id: string;
  charity_id: string;
  short_description: string;
  long_description: string;
  is_active: boolean;
  grid_media_id: string | null;
  /** Saved content complete: both texts, a grid item and at least one feed item. */
  complete: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A stored media item of the explore page (display_order 0: the grid item; 1..: the feed). */
export type ExploreMediaRecord = MediaItem & { explore_page_id: string };

const EXPLORE_SK = 'EXPLORE';
const mediaSk = (order: number) => `EXPLORE#MEDIA#${String(order).padStart(3, '0')}`;
const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, ...rest } = item;
  return rest as T;
};

export class ExploreChangedError extends Error {
  constructor() {
    super('explore page changed meanwhile');
    this.name = 'ExploreChangedError';
  }
}

export function exploreData(table: Table) {
  const TableName = table.name;
  const activeIndex = (record: ExploreRecord) =>
    record.is_active ? { GSI1PK: ACTIVE_EXPLORE, GSI1SK: `${record.updated_at}#${record.charity_id}` } : {};
  /**
   * The page's next version, written only over the version it was read at (optimistic locking), and over
   * saved content when `complete` is asked for; the listing's index keys follow its activation.
   */
  const nextVersion = (userId: string, record: ExploreRecord, require: { complete?: true } = {}) =>
    txItem({
      Put: {
        TableName,
        Item: {
          PK: charityPk(userId),
          SK: EXPLORE_SK,
          ...record,
          version: record.version + 1,
          ...activeIndex(record),
        },
        ConditionExpression: require.complete ? 'version = :v AND complete = :t' : 'version = :v',
        ExpressionAttributeValues: require.complete
          ? { ':v': record.version, ':t': true }
          : { ':v': record.version },
      },
    });

  const get = async (userId: string): Promise<ExploreRecord | undefined> => {
    const out = await table.doc.send(
      new GetCommand({ TableName, Key: { PK: charityPk(userId), SK: EXPLORE_SK }, ConsistentRead: true }),
    );
    return out.Item ? strip<ExploreRecord>(out.Item) : undefined;
  };

  return {
    get,

    /** The charity's explore page, created empty and inactive if absent; parallel first calls see one row. */
    async getOrCreate(userId: string, now: Date): Promise<ExploreRecord> {
      const existing = await get(userId);
      if (existing) return existing;
      const stamp = now.toISOString();
      const record: ExploreRecord = {
        id: randomUUID(),
        charity_id: userId,
        short_description: '',
        long_description: '',
        is_active: false,
        grid_media_id: null,
        complete: false,
        version: 0,
        created_at: stamp,
        updated_at: stamp,
      };
      const written = await whenCondition(
        transact(table, [
          txItem({
            Put: {
              TableName,
              Item: { PK: charityPk(userId), SK: EXPLORE_SK, ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }),
          accountExists(TableName, userId),
        ]),
      );
      if (written) return record;
      // Another request created it first: everyone sees that row. None: the account is gone.
      const winner = await get(userId);
      if (!winner) throw new SessionEndedError();
      return winner;
    },

    async media(userId: string): Promise<ExploreMediaRecord[]> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': 'EXPLORE#MEDIA#' },
          ConsistentRead: true,
        }),
      );
      return (out.Items ?? []).map((i) => strip<ExploreMediaRecord>(i));
    },

    /**
     * Writes a save in one transaction, guarded by the version read before it: the page's texts, its media
     * (old positions no longer used are deleted), the used uploads consumed, and `valid_explore_page`.
     * Throws ExploreChangedError when another save, or a use of the same upload, came first.
     */
    async save(input: {
      userId: string;
      record: ExploreRecord;
      previousMediaCount: number;
      media: ExploreMediaRecord[];
      consume: TxItem[];
    }): Promise<void> {
      const { userId, record } = input;
      const pk = charityPk(userId);
      const used = new Set(input.media.map((m) => m.display_order));
      const stale = Array.from({ length: input.previousMediaCount + 1 }, (_, i) => i).filter(
        (order) => !used.has(order),
      );
      const written = await whenCondition(
        transact(table, [
          nextVersion(userId, record),
          ...input.media.map((m) =>
            txItem({ Put: { TableName, Item: { PK: pk, SK: mediaSk(m.display_order), ...m } } }),
          ),
          ...stale.map((order) => txItem({ Delete: { TableName, Key: { PK: pk, SK: mediaSk(order) } } })),
          ...input.consume,
          accountExists(TableName, userId),
          explorePageValidity(TableName, userId, record.complete),
        ]),
      );
      if (!written) throw new ExploreChangedError();
    },

    /**
     * Sets activation; activating needs complete saved content and a vetted charity (verified, not locked),
     * checked in the same transaction. The page as written, or null when refused.
     */
    async setActive(userId: string, active: boolean, now: Date): Promise<ExploreRecord | null> {
      const current = await get(userId);
      if (!current) return null;
      const record: ExploreRecord = { ...current, is_active: active, updated_at: now.toISOString() };
      const written = await whenCondition(
        transact(table, [
          nextVersion(userId, record, active ? { complete: true } : {}),
          active ? vettedCheck(TableName, userId) : accountExists(TableName, userId),
        ]),
      );
      return written ? { ...record, version: current.version + 1 } : null;
    },

    /** Takes the page out of the donors' listing (its index keys go), whatever its version; no-op without one. */
    async withdraw(userId: string, now: Date): Promise<void> {
      await whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: { PK: charityPk(userId), SK: EXPLORE_SK },
            UpdateExpression: 'SET is_active = :f, updated_at = :at ADD version :one REMOVE GSI1PK, GSI1SK',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':f': false, ':at': now.toISOString(), ':one': 1 },
          }),
        ),
      );
    },

    /** Active explore pages, newest first. */
    async listActive(limit: number): Promise<ExploreRecord[]> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': ACTIVE_EXPLORE },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => strip<ExploreRecord>(i));
    },
  };
}

export type ExploreData = ReturnType<typeof exploreData>;
