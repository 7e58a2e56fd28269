import type { TxItem } from '../../lambdas/data/table';
import { txItem } from '../../lambdas/data/table';
import type { Clock } from '../../lambdas/lib/clock';

/**
 * Fakes for unit tests of the domain (no cloud): a clock that moves only when told, and stand-in transaction
 * items for fake data ports.
 */

export interface FakeClock extends Clock {
  /** Moves the clock forward by `ms` (backward for a negative `ms`). */
  advanceBy(ms: number): void;
}

/** A clock standing at `start` (a date, an ISO string or epoch ms) until {@link FakeClock.advanceBy} moves it. */
export function fakeClock(start: Date | string | number): FakeClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advanceBy(ms) {
      now += ms;
    },
  };
}

/**
 * A transaction item a fake data port hands the domain (which only passes it on): a condition check naming
 * `label`, so a test can tell items apart. It never reaches a table.
 */
export const fakeTxItem = (label: string): TxItem =>
  txItem({
    ConditionCheck: {
      TableName: 'fake',
      Key: { PK: label, SK: label },
      ConditionExpression: 'attribute_exists(PK)',
    },
  });
