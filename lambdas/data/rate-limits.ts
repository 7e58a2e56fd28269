import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, whenCondition } from './table';

export interface RateWindow {
  /** Window length in seconds, or 'day' for a calendar day (UTC): "try again tomorrow". */
  window: number | 'day';
  limit: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** One counter of a {@link RateLimits.hitAll}. */
export interface RateHit {
  scope: string;
  key: string;
  rule: RateWindow;
}

export interface RateLimits {
  /** Counts one hit of `key` in `scope`; refused once the window's count reaches the limit. */
  hit(scope: string, key: string, rule: RateWindow, now: Date): Promise<RateDecision>;
}

/** Counters beyond a single limit: several limits at once, plain counts, and clearing a window. */
export interface RateCounters extends RateLimits {
  /**
   * Counts one hit on every counter, or on none: refused (nothing left counted) when any of them has reached its
   * limit, with that counter's wait. No counter ever exceeds its limit under parallel calls.
   */
  hitAll(hits: readonly RateHit[], now: Date): Promise<RateDecision>;
  /** Adds one to the window's counter without a limit and answers the new count. */
  count(scope: string, key: string, window: RateWindow['window'], now: Date): Promise<number>;
  /** The window's count (the window holding `now`). */
  read(scope: string, key: string, window: RateWindow['window'], now: Date): Promise<number>;
  /** Forgets the current window's count (the register-address holder's "this wasn't me"). */
  clear(scope: string, key: string, window: RateWindow['window'], now: Date): Promise<void>;
}

/** Seconds until the fixed window holding `now` ends (a refusal's wait). */
export function secondsLeftInWindow(window: RateWindow['window'], now: Date): number {
  const { nowSec, end } = windowOf(window, now);
  return end - nowSec;
}

/** The fixed window holding `now`: its start and end, epoch seconds. */
function windowOf(window: RateWindow['window'], now: Date) {
  const nowSec = Math.floor(now.getTime() / 1000);
  const length = window === 'day' ? 86400 : window;
  const start = Math.floor(nowSec / length) * length;
  return { nowSec, start, end: start + length };
}

/** The key of a counter's window. */
export const rateCounterKey = (scope: string, key: string, windowStart: number) => ({
  PK: `RATE#${scope}#${key}`,
  SK: String(windowStart),
});

/** Rate counters: PK `RATE#<scope>#<key>`, SK `<window start>`, removed by TTL after the window. */
export function rateLimits(table: Table): RateCounters {
  const TableName = table.name;
  const takeBack = (h: RateHit, now: Date) =>
    table.doc.send(
      new UpdateCommand({
        TableName,
        Key: rateCounterKey(h.scope, h.key, windowOf(h.rule.window, now).start),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: 'attribute_exists(#count)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1 },
      }),
    );
  const hit: RateLimits['hit'] = async (scope, key, rule, now) => {
    const { nowSec, start, end } = windowOf(rule.window, now);
    const counted = await whenCondition(
      table.doc.send(
        new UpdateCommand({
          TableName,
          Key: rateCounterKey(scope, key, start),
          UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':expires': end + 3600 },
        }),
      ),
    );
    return counted
      ? { allowed: true, retryAfterSeconds: 0 }
      : { allowed: false, retryAfterSeconds: end - nowSec };
  };
  return {
    hit,
    async hitAll(hits, now) {
      // One conditional update per counter (a transaction would be cancelled by its parallel twins, where
      // single-item conditions simply serialise); a refusal takes back the hits already counted, so a refused
      // attempt counts nowhere. Meanwhile a parallel attempt may see the extra hit and be refused too: the
      // error is on the safe side, never above a limit.
      const counted: RateHit[] = [];
      for (const h of hits) {
        const decision = await hit(h.scope, h.key, h.rule, now);
        if (!decision.allowed) {
          await Promise.all(counted.map((c) => takeBack(c, now)));
          return decision;
        }
        counted.push(h);
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async count(scope, key, window, now) {
      const w = windowOf(window, now);
      const out = await table.doc.send(
        new UpdateCommand({
          TableName,
          Key: rateCounterKey(scope, key, w.start),
          UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expires': w.end + 3600 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.count ?? 0);
    },
    async read(scope, key, window, now) {
      const w = windowOf(window, now);
      const out = await table.doc.send(
        new GetCommand({ TableName, Key: rateCounterKey(scope, key, w.start), ConsistentRead: true }),
      );
      return Number(out.Item?.count ?? 0);
    },
    async clear(scope, key, window, now) {
      await table.doc.send(
        new DeleteCommand({ TableName, Key: rateCounterKey(scope, key, windowOf(window, now).start) }),
      );
    },
  };
}
