import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { envSchema, readEnv, rule } from '../lib/env';

/**
 * One-off schedules of scheduled posts (issue 44, decision 20.1): EventBridge Scheduler in AWS, the local cloud's
 * own timer locally (`infra/local/scheduler.ts`, by `AWS_ENDPOINT_URL_SCHEDULER`). Each schedule invokes the
 * publisher (`lambdas/jobs/publish-due-posts`) once, at the post's time, with the post it names.
 */

/** The post a schedule publishes, and the time it was scheduled for (the publish holds only while it still is). */
export interface ScheduledPostRef {
  readonly userId: string;
  readonly postId: string;
  /** ISO UTC instant, exactly as stored on the post (`scheduled_for`). */
  readonly scheduledFor: string;
}

export interface PostScheduler {
  /** Creates the post's schedule for its time; `exists` when that very schedule is already there. */
  schedule(post: ScheduledPostRef): Promise<'created' | 'exists'>;
}

/** Where schedules go and what they invoke: the stage's schedule group, the publisher, the role Scheduler assumes. */
export interface PostScheduleConfig {
  readonly groupName: string;
  readonly targetArn: string;
  readonly roleArn: string;
}

/** The post functions' environment for schedules (`postSchedules` in infra/route-capabilities.ts). */
export const POST_SCHEDULE_ENV = {
  group: 'POST_SCHEDULE_GROUP',
  target: 'POST_SCHEDULE_TARGET_ARN',
  role: 'POST_SCHEDULE_ROLE_ARN',
} as const;
const PostScheduleEnv = envSchema({
  [POST_SCHEDULE_ENV.group]: rule.text(),
  [POST_SCHEDULE_ENV.target]: rule.text(),
  [POST_SCHEDULE_ENV.role]: rule.text(),
});

/** Scheduler's rule for schedule and group names. */
export const SCHEDULE_NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const MINUTE_MS = 60_000;

/** `post-<postId>-<epoch ms>`: one schedule per post and time, so a rescheduled post gets a schedule of its own. */
export function postScheduleName(postId: string, scheduledFor: string): string {
  const at = Date.parse(scheduledFor);
  const name = `post-${postId}-${at}`;
  if (Number.isNaN(at) || !SCHEDULE_NAME.test(name)) throw new Error(`No schedule name for post ${postId}`);
  return name;
}

/**
 * `at(yyyy-mm-ddThh:mm:ss)` in UTC of the first whole minute at or after the time. Scheduler invokes within the
 * minute it is given (60-second precision), so a time part-way through a minute could fire before the post's
 * time; the charity picks whole minutes (UK time, stored in UTC), which stay as they are.
 */
export function atExpression(scheduledFor: string): string {
  const at = Math.ceil(Date.parse(scheduledFor) / MINUTE_MS) * MINUTE_MS;
  return `at(${new Date(at).toISOString().slice(0, 19)})`;
}

/** The whole CreateSchedule request of a post's schedule. */
export function createScheduleInput(
  post: ScheduledPostRef,
  config: PostScheduleConfig,
): CreateScheduleCommandInput {
  return {
    Name: postScheduleName(post.postId, post.scheduledFor),
    GroupName: config.groupName,
    Description: `Publishes post ${post.postId} scheduled for ${post.scheduledFor}`,
    ScheduleExpression: atExpression(post.scheduledFor),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    // A one-off schedule deletes itself once it has invoked the publisher.
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: config.targetArn,
      RoleArn: config.roleArn,
      Input: JSON.stringify({ scheduledPost: post }),
      // Past ten minutes the publisher's sweep (every 5 minutes) has published it anyway.
      RetryPolicy: { MaximumEventAgeInSeconds: 600, MaximumRetryAttempts: 5 },
    },
  };
}

/** A post scheduler on EventBridge Scheduler. */
export function eventBridgePostScheduler(
  config: PostScheduleConfig,
  client = new SchedulerClient({}),
): PostScheduler {
  return {
    async schedule(post) {
      try {
        await client.send(new CreateScheduleCommand(createScheduleInput(post, config)));
        return 'created';
      } catch (error) {
        // Saved again at the same time: the schedule made by the first save still stands.
        if (error instanceof ConflictException || (error as Error).name === 'ConflictException')
          return 'exists';
        throw error;
      }
    },
  };
}

/** The scheduler of the functions that declare `postSchedules`, from their environment (read at cold start). */
export function postSchedulerFromEnv(): PostScheduler {
  const env = readEnv(PostScheduleEnv);
  return eventBridgePostScheduler({
    groupName: env[POST_SCHEDULE_ENV.group],
    targetArn: env[POST_SCHEDULE_ENV.target],
    roleArn: env[POST_SCHEDULE_ENV.role],
  });
}
