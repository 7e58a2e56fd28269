import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from './markers';
import type { Table } from './table';

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

export interface RateLimits {
  /** Counts one hit of `key` in `scope`; refused once the window's count reaches the limit. */
  hit(scope: string, key: string, rule: RateWindow, now: Date): Promise<RateDecision>;
}

/** Rate counters: PK `RATE#<scope>#<key>`, SK `<window start>`, removed by TTL after the window. */
export function rateLimits(table: Table): RateLimits {
  return {
    async hit(scope, key, rule, now) {
      const nowSec = Math.floor(now.getTime() / 1000);
      const start =
        rule.window === 'day'
          ? Math.floor(nowSec / 86400) * 86400
          : Math.floor(nowSec / rule.window) * rule.window;
      const end = start + (rule.window === 'day' ? 86400 : rule.window);
      try {
        await table.doc.send(
          new UpdateCommand({
            TableName: table.name,
            Key: { PK: `RATE#${scope}#${key}`, SK: String(start) },
            UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':expires': end + 3600 },
          }),
        );
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (error) {
        if (conditionFailed(error)) return { allowed: false, retryAfterSeconds: end - nowSec };
        throw error;
      }
    },
  };
}
