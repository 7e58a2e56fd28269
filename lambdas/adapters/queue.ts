import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

/** A queue of jobs (SQS in AWS, the local cloud's stand-in locally, by `AWS_ENDPOINT_URL_SQS`). */
export interface JobQueue<T> {
  /** Enqueues the jobs (10 a request); throws when any was refused. */
  send(jobs: readonly T[]): Promise<void>;
}

/** Jobs as JSON messages on the SQS queue at `queueUrl`. */
export function sqsJobQueue<T>(queueUrl: string, client = new SQSClient({})): JobQueue<T> {
  return {
    async send(jobs) {
      for (let i = 0; i < jobs.length; i += 10) {
        const chunk = jobs.slice(i, i + 10);
        const out = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: chunk.map((job, n) => ({ Id: String(n), MessageBody: JSON.stringify(job) })),
          }),
        );
        if (out.Failed?.length)
          throw new Error(`${out.Failed.length} job(s) not queued: ${out.Failed[0]?.Code}`);
      }
    },
  };
}
