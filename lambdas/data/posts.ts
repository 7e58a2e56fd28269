import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaItem } from '@shared/api/schemas/media';
import type { PostStatus, PostType } from '@shared/posts';
import { accountExists, charityPk } from './charities';
import { GSI1, SCHEDULED_POSTS } from './indexes';
import {
  queryPages,
  type Table,
  type TxItem,
  transact,
  txItem,
  whenCondition,
  whenConditionOutput,
} from './table';

/**
 * A charity's posts (issue 44): one item each, `CHARITY#<userId>` / `POST#<postId>`, its media embedded (at most
 * ten). Post ids begin with their creation time, so the partition's `POST#` range reads newest first. A scheduled
 * post is also in GSI1 (`SCHEDULED_POSTS`, by its time) for the publisher. Every change is conditional on the
 * version it was read at (or, for the publisher, on still being scheduled for that time).
 */
export interface PostRecord {
  id: string;
  charity_id: string;
  type: PostType;
  status: PostStatus;
  title: string;
  text: string;
  media: MediaItem[];
  starts_at: string | null;
  ends_at: string | null;
  online: boolean;
  place: string;
  link: string;
  scheduled_for: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

const postSk = (postId: string) => `POST#${postId}`;
const strip = (item: Record<string, unknown>): PostRecord => {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, ...rest } = item;
  return rest as unknown as PostRecord;
};
const dueIndex = (record: PostRecord) =>
  record.status === 'scheduled' && record.scheduled_for
    ? { GSI1PK: SCHEDULED_POSTS, GSI1SK: `${record.scheduled_for}#${record.charity_id}#${record.id}` }
    : {};

/** A new post id: its creation time (base 36, fixed width, so ids sort by time) and 10 random characters. */
export function newPostId(now: Date): string {
  const random = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(13, '0')
    .slice(0, 10);
  return `${now.getTime().toString(36).padStart(9, '0')}${random}`;
}

export function postData(table: Table) {
  const TableName = table.name;
  return {
    async get(userId: string, postId: string): Promise<PostRecord | undefined> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: { PK: charityPk(userId), SK: postSk(postId) },
          ConsistentRead: true,
        }),
      );
      return out.Item ? strip(out.Item) : undefined;
    },

    /** Every post of the charity, newest first. */
    async list(userId: string): Promise<PostRecord[]> {
      const all: PostRecord[] = [];
      for await (const page of queryPages(table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': 'POST#' },
        ScanIndexForward: false,
      }))
        all.push(...page.map(strip));
      return all;
    },

    /** The charity's published posts, newest published first, at most `limit`. */
    async listPublished(userId: string, limit: number): Promise<PostRecord[]> {
      const published: PostRecord[] = [];
      for await (const page of queryPages(table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        FilterExpression: '#s = :published',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':pk': charityPk(userId), ':p': 'POST#', ':published': 'published' },
        ScanIndexForward: false,
      }))
        published.push(...page.map(strip));
      return published
        .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
        .slice(0, limit);
    },

    /**
     * Writes a post (new when `expectedVersion` is null, else only over that version) with the uploads it consumes,
     * while the account exists. False when refused (changed meanwhile, an upload used, the account gone).
     */
    async save(
      userId: string,
      record: PostRecord,
      expectedVersion: number | null,
      consume: readonly TxItem[],
    ) {
      return whenCondition(
        transact(table, [
          txItem({
            Put: {
              TableName,
              Item: { PK: charityPk(userId), SK: postSk(record.id), ...record, ...dueIndex(record) },
              ConditionExpression: expectedVersion === null ? 'attribute_not_exists(PK)' : 'version = :v',
              ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
            },
          }),
          ...consume,
          accountExists(TableName, userId),
        ]),
      );
    },

    /** Deletes a post read at `version`; false when it changed meanwhile or is gone. */
    async remove(userId: string, postId: string, version: number): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new DeleteCommand({
            TableName,
            Key: { PK: charityPk(userId), SK: postSk(postId) },
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': version },
          }),
        ),
      );
    },

    /**
     * Publishes a scheduled post whose time came: only while it is still scheduled for exactly that time (a post
     * unpublished, rescheduled or deleted meanwhile is left alone). The post as published, or null.
     */
    async publishScheduled(
      userId: string,
      postId: string,
      scheduledFor: string,
      now: Date,
    ): Promise<PostRecord | null> {
      const stamp = now.toISOString();
      const out = await whenConditionOutput(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: { PK: charityPk(userId), SK: postSk(postId) },
            UpdateExpression:
              'SET #s = :published, published_at = :at, updated_at = :at ADD version :one REMOVE GSI1PK, GSI1SK',
            ConditionExpression: '#s = :scheduled AND scheduled_for = :sf',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':published': 'published',
              ':scheduled': 'scheduled',
              ':sf': scheduledFor,
              ':at': stamp,
              ':one': 1,
            },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return out?.Attributes ? strip(out.Attributes) : null;
    },

    /** Scheduled posts due at `now` (oldest first), at most `limit`. */
    async listDue(
      now: Date,
      limit: number,
    ): Promise<{ userId: string; postId: string; scheduledFor: string }[]> {
      const out = await table.doc.send(
        new QueryCommand({
          TableName,
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
          ExpressionAttributeValues: { ':pk': SCHEDULED_POSTS, ':now': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => ({
        userId: String(i.charity_id),
        postId: String(i.id),
        scheduledFor: String(i.scheduled_for),
      }));
    },
  };
}

export type PostData = ReturnType<typeof postData>;
