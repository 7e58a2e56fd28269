import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaItem } from '@shared/api/schemas/media';
import { accountExists, charityPk, livePageChange, mainPageValid } from './charities';
import { conditionFailures, queryPages, type Table, type TxItem, transact, txItem } from './table';

/**
 * Main pages under `CHARITY#<userId>`: `PAGE#<pageId>` (name, template, content, is_live, version), its media
 * `PAGE#<pageId>#MEDIA#<nnn>` (display_order from 1) and the name marker `PAGENAME#<lower(name)>` keeping
 * names unique per charity whatever their case. The live page is `PROFILE.live_page_id`; every write that
 * changes it is guarded by a condition on its current value, so exactly one page is live under any number of
 * parallel requests.
 */
export interface PageRecord {
  id: string;
  charity_id: string;
  name: string;
  template_type: string;
  content: Record<string, string>;
  is_live: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A stored media item of a page (display_order from 1). */
export type PageMediaRecord = MediaItem & { page_id: string };

export type PageWithMedia = PageRecord & { media: PageMediaRecord[] };

const pageSk = (pageId: string) => `PAGE#${pageId}`;
const mediaSk = (pageId: string, order: number) => `PAGE#${pageId}#MEDIA#${String(order).padStart(3, '0')}`;
export const pageNameSk = (name: string) => `PAGENAME#${name.trim().toLowerCase()}`;
/** The key of a page item (for reads and fixtures; writes go through this module). */
export const pageKey = (userId: string, pageId: string) => ({ PK: charityPk(userId), SK: pageSk(pageId) });

/** Why a page write was refused. */
export type PageWriteConflict =
  | 'name-taken'
  | 'live-changed'
  | 'page-changed'
  | 'upload-used'
  | 'account-gone';

export class PageWriteError extends Error {
  constructor(readonly reason: PageWriteConflict) {
    super(`page write refused: ${reason}`);
    this.name = 'PageWriteError';
  }
}

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, ...rest } = item;
  return rest as T;
};

export function pageData(table: Table) {
  const TableName = table.name;

  /** Runs a transaction; a failed condition becomes a PageWriteError naming the first failed item's reason. */
  async function write(items: { item: TxItem; reason?: PageWriteConflict }[]) {
    const failed = await conditionFailures(
      transact(
        table,
        items.map((i) => i.item),
      ),
    );
    if (failed) {
      const reasons = failed.map((i) => items[i]?.reason).filter(Boolean) as PageWriteConflict[];
      throw new PageWriteError(reasons[0] ?? 'page-changed');
    }
  }

  const mediaPuts = (pk: string, media: PageMediaRecord[]) =>
    media.map((m) => ({
      item: txItem({ Put: { TableName, Item: { PK: pk, SK: mediaSk(m.page_id, m.display_order), ...m } } }),
    }));

  return {
    /** Every page of the charity with its media (ordered), newest first. */
    async list(userId: string): Promise<PageWithMedia[]> {
      const items: Record<string, unknown>[] = [];
      const query = queryPages(table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': 'PAGE#' },
        ConsistentRead: true,
      });
      for await (const page of query) items.push(...page);
      const pages = new Map<string, PageWithMedia>();
      const media: PageMediaRecord[] = [];
      for (const item of items) {
        if (String(item.SK).includes('#MEDIA#')) media.push(strip<PageMediaRecord>(item));
        else {
          const page = strip<PageRecord>(item);
          pages.set(page.id, { ...page, media: [] });
        }
      }
      for (const m of media) pages.get(m.page_id)?.media.push(m);
      const list = [...pages.values()];
      for (const p of list) p.media.sort((a, b) => a.display_order - b.display_order);
      return list.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    },

    /** Whether the charity has at least one main page (`PAGE#<pageId>`; its media sort under it too). */
    async hasAny(userId: string): Promise<boolean> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :page)',
          ExpressionAttributeValues: { ':pk': charityPk(userId), ':page': 'PAGE#' },
          ProjectionExpression: 'SK',
          ConsistentRead: true,
          Limit: 1,
        }),
      );
      return (out.Items?.length ?? 0) > 0;
    },

    async get(userId: string, pageId: string): Promise<PageWithMedia | undefined> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': pageSk(pageId) },
          ConsistentRead: true,
        }),
      );
      let page: PageRecord | undefined;
      const media: PageMediaRecord[] = [];
      for (const item of out.Items ?? []) {
        if (item.SK === pageSk(pageId)) page = strip<PageRecord>(item);
        else media.push(strip<PageMediaRecord>(item));
      }
      if (!page) return undefined;
      return { ...page, media: media.sort((a, b) => a.display_order - b.display_order) };
    },

    /**
     * Creates a page with its media and name marker, consuming the uploads; when `liveNow` is null (no live
     * page yet) the page goes live in the same transaction, guarded by that reading.
     */
    async create(input: {
      userId: string;
      page: PageRecord;
      media: PageMediaRecord[];
      consume: TxItem[];
      goLive: boolean;
    }): Promise<void> {
      const { userId, page } = input;
      const pk = charityPk(userId);
      await write([
        {
          item: txItem({
            Put: {
              TableName,
              Item: { PK: pk, SK: pageSk(page.id), ...page },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }),
          reason: 'page-changed',
        },
        {
          item: txItem({
            Put: {
              TableName,
              Item: { PK: pk, SK: pageNameSk(page.name), page_id: page.id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }),
          reason: 'name-taken',
        },
        ...mediaPuts(pk, input.media),
        ...input.consume.map((item) => ({ item, reason: 'upload-used' as const })),
        // Going live touches PROFILE (which must exist); otherwise the account is checked on its own.
        ...(input.goLive
          ? []
          : [{ item: accountExists(TableName, userId), reason: 'account-gone' as const }]),
        ...(input.goLive
          ? [
              { item: livePageChange(TableName, userId, page.id, null), reason: 'live-changed' as const },
              { item: mainPageValid(TableName, userId) },
            ]
          : []),
      ]);
    },

    /** Saves an edit: the page (guarded by its version), its media in their new order, name marker moves. */
    async update(input: {
      userId: string;
      before: PageWithMedia;
      page: PageRecord;
      media: PageMediaRecord[];
      consume: TxItem[];
    }): Promise<void> {
      const { userId, before, page } = input;
      const pk = charityPk(userId);
      const used = new Set(input.media.map((m) => m.display_order));
      const stale = before.media.map((m) => m.display_order).filter((order) => !used.has(order));
      const renamed = pageNameSk(before.name) !== pageNameSk(page.name);
      await write([
        {
          item: txItem({
            Put: {
              TableName,
              Item: { PK: pk, SK: pageSk(page.id), ...page, version: before.version + 1 },
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': before.version },
            },
          }),
          reason: 'page-changed',
        },
        ...mediaPuts(pk, input.media),
        ...stale.map((order) => ({
          item: txItem({ Delete: { TableName, Key: { PK: pk, SK: mediaSk(page.id, order) } } }),
        })),
        ...input.consume.map((item) => ({ item, reason: 'upload-used' as const })),
        { item: accountExists(TableName, userId), reason: 'account-gone' as const },
        ...(renamed
          ? [
              { item: txItem({ Delete: { TableName, Key: { PK: pk, SK: pageNameSk(before.name) } } }) },
              {
                item: txItem({
                  Put: {
                    TableName,
                    Item: { PK: pk, SK: pageNameSk(page.name), page_id: page.id },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                }),
                reason: 'name-taken' as const,
              },
            ]
          : []),
      ]);
    },

    /** Makes `pageId` the live page, clearing the old one, guarded by the live page read before. */
    async setLive(userId: string, pageId: string, liveNow: string | null, now: Date): Promise<void> {
      const pk = charityPk(userId);
      const stamp = now.toISOString();
      /** A page's own is_live flag (the page must still exist). */
      const pageLiveFlag = (id: string, live: boolean) =>
        txItem({
          Update: {
            TableName,
            Key: { PK: pk, SK: pageSk(id) },
            UpdateExpression: 'SET is_live = :live, updated_at = :at',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':live': live, ':at': stamp },
          },
        });
      await write([
        { item: livePageChange(TableName, userId, pageId, liveNow), reason: 'live-changed' },
        ...(liveNow && liveNow !== pageId
          ? [
              {
                item: pageLiveFlag(liveNow, false),
                reason: 'live-changed' as const,
              },
            ]
          : []),
        {
          item: pageLiveFlag(pageId, true),
          reason: 'page-changed',
        },
        { item: mainPageValid(TableName, userId) },
      ]);
    },

    /** Deletes a page that is not live: the page, its media records and its name marker, in one transaction. */
    async remove(userId: string, page: PageWithMedia): Promise<void> {
      const pk = charityPk(userId);
      await write([
        {
          item: txItem({
            Delete: {
              TableName,
              Key: { PK: pk, SK: pageSk(page.id) },
              ConditionExpression: 'attribute_exists(PK) AND is_live = :f',
              ExpressionAttributeValues: { ':f': false },
            },
          }),
          reason: 'live-changed',
        },
        ...page.media.map((m) => ({
          item: txItem({ Delete: { TableName, Key: { PK: pk, SK: mediaSk(page.id, m.display_order) } } }),
        })),
        {
          item: txItem({
            Delete: {
              TableName,
              Key: { PK: pk, SK: pageNameSk(page.name) },
              ConditionExpression: 'attribute_not_exists(PK) OR page_id = :id',
              ExpressionAttributeValues: { ':id': page.id },
            },
          }),
        },
      ]);
    },
  };
}

export type PageData = ReturnType<typeof pageData>;
