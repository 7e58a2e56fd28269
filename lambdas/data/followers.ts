import { createHash } from 'node:crypto';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ukDay } from '@shared/donations';
import type { FollowFrequency } from '@shared/following';
import { dayAdd } from './analytics';
import { addressFollows, GSI1 } from './indexes';
import { normalizeAddress } from './suppressions';
import {
  batchGetAll,
  conditionFailed,
  queryPages,
  type Table,
  transact,
  txItem,
  whenCondition,
} from './table';

/**
 * Donors' follows of charities (issue 44), the only writer of these items:
 * - follow: PK `FOLLOWERS#<charityId>`, SK `FOLLOWER#<addressId>`: email, status (`pending` | `confirmed`),
 *   frequency, the charity's name and number as followed; GSI1 `FOLLOWS#<addressId>` / `<charityId>` once confirmed
 *   (the manage page's list); a pending one expires (TTL) a day after its confirmation link;
 * - link token: PK `FOLLOWTOKEN#<sha256(token)>`, SK `CONFIRM` (the double opt-in, single use, 7 days) or `MAIL`
 *   (the unsubscribe and manage links of one mail, 365 days); the token itself is never stored;
 * - sent marker: PK `FOLLOWSENT#<charityId>#<mailKey>`, SK `<addressId>` (one per post, or per weekly digest, and
 *   follower): written before the mail goes, so a redelivered job sends nothing twice; 30 days;
 * - digest entry: PK `FOLLOWDIGEST#<weekStart>`, SK `<charityId>#<publishedAt>#<postId>`: a published post for
 *   the weekly digest, 30 days.
 * `addressId` is the SHA-256 of the lower-cased address: a key, so that the address is stored once per follow only.
 */
export type FollowStatus = 'pending' | 'confirmed';

export interface Follow {
  charityId: string;
  addressId: string;
  email: string;
  status: FollowStatus;
  frequency: FollowFrequency;
  charityName: string;
  registrationNumber: string;
}

/** What a mailed link's token stands for. */
export interface FollowToken {
  kind: 'confirm' | 'mail';
  charityId: string;
  addressId: string;
  charityName: string;
  registrationNumber: string;
  /** The frequency asked for (confirm tokens). */
  frequency?: FollowFrequency;
  /** Epoch seconds. */
  expiresAt: number;
  /** When a confirm token was used (ISO), if it was. */
  usedAt?: string;
}

/** A post (or digest) mail waiting for the weekly digest. */
export interface DigestEntry {
  charityId: string;
  registrationNumber: string;
  charityName: string;
  postId: string;
  title: string;
  excerpt: string;
  url: string;
  publishedAt: string;
}

export const addressIdOf = (email: string) =>
  createHash('sha256').update(normalizeAddress(email), 'utf8').digest('hex');

const followKey = (charityId: string, addressId: string) => ({
  PK: `FOLLOWERS#${charityId}`,
  SK: `FOLLOWER#${addressId}`,
});
const tokenKey = (hash: string, kind: FollowToken['kind']) => ({
  PK: `FOLLOWTOKEN#${hash}`,
  SK: kind === 'confirm' ? 'CONFIRM' : 'MAIL',
});
const sentKey = (charityId: string, mailKey: string, addressId: string) => ({
  PK: `FOLLOWSENT#${charityId}#${mailKey}`,
  SK: addressId,
});
const digestPk = (weekStart: string) => `FOLLOWDIGEST#${weekStart}`;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const DAY = 86_400;
const SENT_MARKER_DAYS = 30;

function toFollow(item: Record<string, unknown>): Follow {
  return {
    charityId: String(item.charity_id),
    addressId: String(item.address_id),
    email: String(item.email),
    status: item.status === 'confirmed' ? 'confirmed' : 'pending',
    frequency: item.frequency === 'weekly' ? 'weekly' : 'each',
    charityName: String(item.charity_name ?? ''),
    registrationNumber: String(item.registration_number ?? ''),
  };
}

function toToken(item: Record<string, unknown>): FollowToken {
  return {
    kind: item.SK === 'CONFIRM' ? 'confirm' : 'mail',
    charityId: String(item.charity_id),
    addressId: String(item.address_id),
    charityName: String(item.charity_name ?? ''),
    registrationNumber: String(item.registration_number ?? ''),
    ...(item.frequency ? { frequency: item.frequency === 'weekly' ? 'weekly' : 'each' } : {}),
    expiresAt: Number(item.expiresAt),
    ...(item.used_at ? { usedAt: String(item.used_at) } : {}),
  };
}

/** A follow's item as `request` writes it (pending); `importConfirmed` adds what `confirm` sets. */
function followItem(
  input: {
    charityId: string;
    email: string;
    frequency: FollowFrequency;
    charityName: string;
    registrationNumber: string;
  },
  now: Date,
) {
  const addressId = addressIdOf(input.email);
  return {
    ...followKey(input.charityId, addressId),
    charity_id: input.charityId,
    address_id: addressId,
    email: normalizeAddress(input.email),
    status: 'pending',
    frequency: input.frequency,
    charity_name: input.charityName,
    registration_number: input.registrationNumber,
    requested_at: now.toISOString(),
  };
}

export type FollowersData = ReturnType<typeof followersData>;

export function followersData(table: Table) {
  const TableName = table.name;
  return {
    /**
     * Records a follow request: a new pending follow (or a pending one renewed) and its confirmation token, in one
     * transaction. False, and nothing written, when the address already follows the charity (confirmed).
     */
    async request(
      input: {
        charityId: string;
        email: string;
        frequency: FollowFrequency;
        charityName: string;
        registrationNumber: string;
        tokenHash: string;
      },
      now: Date,
      confirmDays: number,
    ): Promise<boolean> {
      const addressId = addressIdOf(input.email);
      const tokenExpires = seconds(now) + confirmDays * DAY;
      try {
        await table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName,
                  Item: {
                    ...followItem(input, now),
                    // Outlives its link by a day, so a link used at its last minute finds it.
                    expiresAt: tokenExpires + DAY,
                  },
                  ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':pending': 'pending' },
                },
              },
              {
                Put: {
                  TableName,
                  Item: {
                    ...tokenKey(input.tokenHash, 'confirm'),
                    charity_id: input.charityId,
                    address_id: addressId,
                    charity_name: input.charityName,
                    registration_number: input.registrationNumber,
                    frequency: input.frequency,
                    expiresAt: tokenExpires,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    /** A link's token by its hash, whatever its state (the caller reads expiry and use). */
    async token(hash: string): Promise<FollowToken | null> {
      for (const kind of ['confirm', 'mail'] as const) {
        const out = await table.doc.send(
          new GetCommand({ TableName, Key: tokenKey(hash, kind), ConsistentRead: true }),
        );
        if (out.Item) return toToken(out.Item);
      }
      return null;
    },

    /**
     * Confirms a follow with its confirmation token: the token marked used and the follow confirmed, in one
     * transaction. False when the token was used meanwhile or the pending follow is gone (unsubscribed, expired).
     */
    async confirm(hash: string, token: FollowToken, now: Date): Promise<boolean> {
      return whenCondition(
        transact(table, [
          txItem({
            Update: {
              TableName,
              Key: tokenKey(hash, 'confirm'),
              UpdateExpression: 'SET used_at = :now',
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(used_at)',
              ExpressionAttributeValues: { ':now': now.toISOString() },
            },
          }),
          txItem({
            Update: {
              TableName,
              Key: followKey(token.charityId, token.addressId),
              UpdateExpression:
                'SET #status = :confirmed, frequency = :frequency, confirmed_at = :now, GSI1PK = :gpk, GSI1SK = :gsk REMOVE expiresAt',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':confirmed': 'confirmed',
                ':frequency': token.frequency ?? 'each',
                ':now': now.toISOString(),
                ':gpk': addressFollows(token.addressId),
                ':gsk': token.charityId,
              },
            },
          }),
          // The charity's new follower of the day (analytics), counted with the confirmation itself.
          ...dayAdd(TableName, token.charityId, ukDay(now.toISOString()), { follows: 1 }),
        ]),
      );
    },

    /**
     * Writes follows confirmed elsewhere, 25 a batch (the benchmark's 10,000 followers): the items `request` then
     * `confirm` leave, without their tokens or the day's follow counts. Never from a route: there the double
     * opt-in is the only way to a confirmed follow.
     */
    async importConfirmed(
      follows: readonly {
        charityId: string;
        email: string;
        frequency: FollowFrequency;
        charityName: string;
        registrationNumber: string;
      }[],
      now: Date,
    ): Promise<void> {
      for (let i = 0; i < follows.length; i += 25) {
        let requests: Record<string, unknown>[] = follows.slice(i, i + 25).map((f) => {
          const item = followItem(f, now);
          return {
            PutRequest: {
              Item: {
                ...item,
                status: 'confirmed',
                confirmed_at: now.toISOString(),
                GSI1PK: addressFollows(item.address_id),
                GSI1SK: f.charityId,
              },
            },
          };
        });
        for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
          const out = await table.doc.send(
            new BatchWriteCommand({ RequestItems: { [TableName]: requests as never } }),
          );
          requests = (out.UnprocessedItems?.[TableName] ?? []) as Record<string, unknown>[];
          if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
        if (requests.length) throw new Error('Follows could not be written (unprocessed items)');
      }
    },

    /** One follow, or null. */
    async get(charityId: string, addressId: string): Promise<Follow | null> {
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: followKey(charityId, addressId), ConsistentRead: true }),
      );
      return out.Item ? toFollow(out.Item) : null;
    },

    /** Several follows of one charity by address id (missing ones left out), 100 a read. */
    async getMany(charityId: string, addressIds: readonly string[]): Promise<Follow[]> {
      const keys = addressIds.map((a) => followKey(charityId, a));
      return (await batchGetAll(table, keys, { what: 'Follows' })).map(toFollow);
    },

    /**
     * Stops a follow (gone already: nothing to do). A confirmed one is deleted in one transaction with the
     * charity's unfollow of the day (analytics), so it is counted once; a pending one just goes.
     */
    async remove(charityId: string, addressId: string, now: Date): Promise<void> {
      const Key = followKey(charityId, addressId);
      const counted = await whenCondition(
        transact(table, [
          txItem({
            Delete: {
              TableName,
              Key,
              ConditionExpression: '#status = :confirmed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':confirmed': 'confirmed' },
            },
          }),
          ...dayAdd(TableName, charityId, ukDay(now.toISOString()), { unfollows: 1 }),
        ]),
      );
      if (!counted) await table.doc.send(new DeleteCommand({ TableName, Key }));
    },

    /**
     * Forgets every follow of a charity whose account is deleted: the followers' addresses go with it (their
     * tokens and sent markers expire by TTL and name no address). Safe to run again.
     */
    async forgetCharity(charityId: string): Promise<number> {
      let deleted = 0;
      for await (const page of queryPages(table, {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': followKey(charityId, '').PK },
        ProjectionExpression: 'PK, SK',
      })) {
        await Promise.all(
          page.map((i) => table.doc.send(new DeleteCommand({ TableName, Key: { PK: i.PK, SK: i.SK } }))),
        );
        deleted += page.length;
      }
      return deleted;
    },

    /** Changes a confirmed follow's frequency; false when there is no confirmed follow. */
    async setFrequency(charityId: string, addressId: string, frequency: FollowFrequency): Promise<boolean> {
      return whenCondition(
        table.doc.send(
          new UpdateCommand({
            TableName,
            Key: followKey(charityId, addressId),
            UpdateExpression: 'SET frequency = :frequency',
            ConditionExpression: '#status = :confirmed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':frequency': frequency, ':confirmed': 'confirmed' },
          }),
        ),
      );
    },

    /** The confirmed follows of an address (GSI1 `FOLLOWS#<addressId>`), by charity. */
    async ofAddress(addressId: string): Promise<Follow[]> {
      const out: Follow[] = [];
      for await (const page of queryPages(table, {
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': addressFollows(addressId) },
      }))
        out.push(...page.map(toFollow).filter((f) => f.status === 'confirmed'));
      return out;
    },

    /** The address ids of a charity's confirmed followers of a frequency, a page at a time. */
    async *confirmedFollowers(
      charityId: string,
      frequency: FollowFrequency,
      pageSize = 500,
    ): AsyncGenerator<string[]> {
      for await (const page of queryPages(
        table,
        {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :follower)',
          FilterExpression: '#status = :confirmed AND frequency = :frequency',
          ProjectionExpression: 'address_id',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pk': `FOLLOWERS#${charityId}`,
            ':follower': 'FOLLOWER#',
            ':confirmed': 'confirmed',
            ':frequency': frequency,
          },
        },
        { pageSize },
      )) {
        const ids = page.map((item) => String(item.address_id));
        if (ids.length) yield ids;
      }
    },

    /**
     * Claims the one mail of `mailKey` (a post's publication, or a week's digest) to a follower, with the mail's
     * own link token, in one transaction: false when it was claimed before (a redelivered job), so nothing is sent
     * twice.
     */
    async claimMail(
      input: {
        follow: Pick<Follow, 'charityId' | 'addressId' | 'charityName' | 'registrationNumber'>;
        mailKey: string;
        tokenHash: string;
      },
      now: Date,
      tokenDays: number,
    ): Promise<boolean> {
      const { follow } = input;
      return whenCondition(
        table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName,
                  Item: {
                    ...sentKey(follow.charityId, input.mailKey, follow.addressId),
                    state: 'sending',
                    claimed_at: now.toISOString(),
                    expiresAt: seconds(now) + SENT_MARKER_DAYS * DAY,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Put: {
                  TableName,
                  Item: {
                    ...tokenKey(input.tokenHash, 'mail'),
                    charity_id: follow.charityId,
                    address_id: follow.addressId,
                    charity_name: follow.charityName,
                    registration_number: follow.registrationNumber,
                    expiresAt: seconds(now) + tokenDays * DAY,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      );
    },

    /** Marks a claimed mail as sent. */
    async markSent(charityId: string, mailKey: string, addressId: string, now: Date): Promise<void> {
      await table.doc.send(
        new UpdateCommand({
          TableName,
          Key: sentKey(charityId, mailKey, addressId),
          UpdateExpression: 'SET #state = :sent, sent_at = :now',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':sent': 'sent', ':now': now.toISOString() },
        }),
      );
    },

    /**
     * Gives a claim back after the mail provider refused the message for now (throttled), so the job's retry
     * sends it; only a claim still `sending` is given back. The mail's token goes with it.
     */
    async releaseClaim(
      charityId: string,
      mailKey: string,
      addressId: string,
      tokenHash: string,
    ): Promise<void> {
      await whenCondition(
        table.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName,
                  Key: sentKey(charityId, mailKey, addressId),
                  ConditionExpression: '#state = :sending',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':sending': 'sending' },
                },
              },
              { Delete: { TableName, Key: tokenKey(tokenHash, 'mail') } },
            ],
          }),
        ),
      );
    },

    /** Records a published post for the weekly digest of the week starting `weekStart` (idempotent). */
    async addDigestEntry(weekStart: string, entry: DigestEntry, now: Date): Promise<void> {
      await table.doc.send(
        new PutCommand({
          TableName,
          Item: {
            PK: digestPk(weekStart),
            SK: `${entry.charityId}#${entry.publishedAt}#${entry.postId}`,
            charity_id: entry.charityId,
            registration_number: entry.registrationNumber,
            charity_name: entry.charityName,
            post_id: entry.postId,
            title: entry.title,
            excerpt: entry.excerpt,
            url: entry.url,
            published_at: entry.publishedAt,
            expiresAt: seconds(now) + SENT_MARKER_DAYS * DAY,
          },
        }),
      );
    },

    /** The week's digest entries, by charity then publication time. */
    async digestEntries(weekStart: string): Promise<DigestEntry[]> {
      const out: DigestEntry[] = [];
      for await (const page of queryPages(table, {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': digestPk(weekStart) },
      }))
        out.push(
          ...page.map((item) => ({
            charityId: String(item.charity_id),
            registrationNumber: String(item.registration_number),
            charityName: String(item.charity_name),
            postId: String(item.post_id),
            title: String(item.title),
            excerpt: String(item.excerpt),
            url: String(item.url),
            publishedAt: String(item.published_at),
          })),
        );
      return out;
    },
  };
}
