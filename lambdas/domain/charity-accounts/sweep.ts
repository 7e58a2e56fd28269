import type { Logger } from '@aws-lambda-powertools/logger';
import { deleteCharityAccount } from './account';

/** The sweep stops starting deletions with less than this left of its run; the next hour's run goes on. */
export const SWEEP_RESERVE_MS = 30_000;

/**
 * Deletes every unverified account whose time ran out before `now`, page after page to the end of the list,
 * while the run has time. An account that fails to delete is logged and skipped (it stays listed, so the next
 * run tries it again); the rest are still deleted.
 */
export async function sweepUnverified(
  deps: Parameters<typeof deleteCharityAccount>[0],
  now: Date,
  opts: { logger: Pick<Logger, 'info' | 'warn' | 'error'>; timeLeftMs: () => number },
): Promise<{ deleted: number; failed: number; complete: boolean }> {
  let deleted = 0;
  let failed = 0;
  for await (const ids of deps.charities.expiredUnverified(now)) {
    for (const userId of ids) {
      if (opts.timeLeftMs() < SWEEP_RESERVE_MS) {
        opts.logger.warn('sweep stopped for time; the next run goes on', { deleted, failed });
        return { deleted, failed, complete: false };
      }
      try {
        await deleteCharityAccount(deps, userId);
        deleted += 1;
      } catch (error) {
        failed += 1;
        opts.logger.error('unverified account not deleted', { userId, error: (error as Error).name });
      }
    }
  }
  if (deleted || failed) opts.logger.info('unverified accounts swept', { deleted, failed });
  return { deleted, failed, complete: true };
}
