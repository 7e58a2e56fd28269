import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type FollowMailJob, runFollowMailJob } from '../../domain/following/mail-jobs';
import { createLogger } from '../../lib/logger';
import { senderDeps } from '../../wiring/following';

const deps = senderDeps();
const logger = createLogger('send-follow-mail');

/**
 * The follow-mail queue's consumer (SQS event source with partial batch responses): each job runs in turn; a job
 * that failed is reported alone, so only it comes back (after the visibility timeout; to the DLQ after its
 * tries). A body that is not a job is dropped with an error log: it would fail every time.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  let sent = 0;
  for (const record of event.Records) {
    let job: FollowMailJob;
    try {
      job = JSON.parse(record.body) as FollowMailJob;
    } catch {
      logger.error('follow-mail message is not JSON: dropped', { messageId: record.messageId });
      continue;
    }
    try {
      sent += (await runFollowMailJob(deps, job)).sent;
    } catch (error) {
      // No address in the log: the job's kind and the error's name only.
      logger.warn('follow-mail job failed; it will come back', {
        kind: job.kind,
        error: (error as Error).name,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  logger.info('follow-mail batch', { jobs: event.Records.length, sent, failed: failures.length });
  return { batchItemFailures: failures };
};
