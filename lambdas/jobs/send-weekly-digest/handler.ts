import { previousWeekStart } from '../../domain/following/mail-jobs';
import { systemClock } from '../../lib/clock';
import { createLogger } from '../../lib/logger';
import { senderDeps } from '../../wiring/following';

const deps = senderDeps();
const logger = createLogger('send-weekly-digest');

/**
 * Mondays: queues the digest of last week's posts (Monday to Sunday, UTC) for followers who chose a weekly
 * digest. Running it again queues the same digest, whose mails are already claimed: each goes once.
 */
export const handler = async () => {
  const weekStart = previousWeekStart(systemClock.now());
  await deps.queue.send([{ kind: 'digest', weekStart }]);
  logger.info('weekly digest queued', { weekStart });
  return { weekStart };
};
