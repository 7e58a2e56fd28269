import { ConflictException, type SchedulerClient } from '@aws-sdk/client-scheduler';
import { ukLocalToUtc } from '@shared/posts';
import { scheduledPostOf } from '../domain/updates/publish';
import {
  atExpression,
  createScheduleInput,
  eventBridgePostScheduler,
  postScheduleName,
  SCHEDULE_NAME,
} from './scheduler';

const config = {
  groupName: 'Kindred-test-post-schedules',
  targetArn: 'arn:aws:lambda:eu-west-2:123456789012:function:Kindred-test-Jobs-publishduepostsFunction',
  roleArn: 'arn:aws:iam::123456789012:role/Kindred-test-PostSchedulesRole',
};
const postId = '0m5xk2q1z8a9b8c7d6e';
const uk = (local: string) => ukLocalToUtc(local) as string;

describe('post schedules (EventBridge Scheduler)', () => {
  it('names a schedule by its post and its exact time, within 64 of the characters Scheduler allows', () => {
    const name = postScheduleName(postId, '2025-07-15T17:30:00.000Z');
    expect(name).toBe(`post-${postId}-${Date.parse('2025-07-15T17:30:00.000Z')}`);
    expect(name).toMatch(SCHEDULE_NAME);
    expect(name.length).toBeLessThanOrEqual(64);
    // Rescheduled, even within the same second: a schedule of its own.
    expect(postScheduleName(postId, '2025-07-15T17:30:00.500Z')).not.toBe(name);
    expect(() => postScheduleName(postId, 'not a time')).toThrow();
    expect(() => postScheduleName('a/b', '2025-07-15T17:30:00.000Z')).toThrow();
  });

  it('fires at the UK time the charity chose, written in UTC, across the clock changes', () => {
    // Winter (GMT): the same figures.
    expect(atExpression(uk('2025-01-15T18:30'))).toBe('at(2025-01-15T18:30:00)');
    // Summer (BST): an hour earlier in UTC.
    expect(atExpression(uk('2025-07-15T18:30'))).toBe('at(2025-07-15T17:30:00)');
    // Either side of the spring change (01:00 GMT, 30 March 2025) and of the autumn one (02:00 BST, 26 October).
    expect(atExpression(uk('2025-03-30T00:59'))).toBe('at(2025-03-30T00:59:00)');
    expect(atExpression(uk('2025-03-30T03:00'))).toBe('at(2025-03-30T02:00:00)');
    expect(atExpression(uk('2025-10-26T00:30'))).toBe('at(2025-10-25T23:30:00)');
    expect(atExpression(uk('2025-10-26T03:00'))).toBe('at(2025-10-26T03:00:00)');
  });

  it('rounds a time part-way through a minute up to the next minute (Scheduler fires within the minute given)', () => {
    expect(atExpression('2025-07-15T17:30:00.001Z')).toBe('at(2025-07-15T17:31:00)');
    expect(atExpression('2025-07-15T17:30:59.999Z')).toBe('at(2025-07-15T17:31:00)');
    expect(atExpression('2025-12-31T23:59:30.000Z')).toBe('at(2026-01-01T00:00:00)');
  });

  it('asks for a one-off, exact, self-deleting schedule invoking the publisher with the post it names', () => {
    const scheduledFor = uk('2025-07-15T18:30');
    const input = createScheduleInput({ userId: 'user-1', postId, scheduledFor }, config);
    expect(input).toEqual({
      Name: `post-${postId}-${Date.parse(scheduledFor)}`,
      GroupName: config.groupName,
      Description: `Publishes post ${postId} scheduled for 2025-07-15T17:30:00.000Z`,
      ScheduleExpression: 'at(2025-07-15T17:30:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: {
        Arn: config.targetArn,
        RoleArn: config.roleArn,
        Input: JSON.stringify({ scheduledPost: { userId: 'user-1', postId, scheduledFor } }),
        RetryPolicy: { MaximumEventAgeInSeconds: 600, MaximumRetryAttempts: 5 },
      },
    });
    // The publisher reads back exactly the post and time the schedule was made for.
    expect(scheduledPostOf(JSON.parse(input.Target?.Input as string))).toEqual({
      userId: 'user-1',
      postId,
      scheduledFor,
    });
    expect(scheduledPostOf({ source: 'aws.events' })).toBeUndefined();
    expect(
      scheduledPostOf({ scheduledPost: { userId: 'u', postId: 'p', scheduledFor: 'soon' } }),
    ).toBeUndefined();
  });

  it('sends CreateSchedule; the same post and time again is "exists", any other failure is thrown', async () => {
    const sent: unknown[] = [];
    let answer: () => Promise<unknown> = async () => ({ ScheduleArn: 'arn' });
    const client = {
      send: async (command: { input: unknown }) => {
        sent.push(command.input);
        return answer();
      },
    } as unknown as SchedulerClient;
    const scheduler = eventBridgePostScheduler(config, client);
    const post = { userId: 'user-1', postId, scheduledFor: '2025-07-15T17:30:00.000Z' };
    await expect(scheduler.schedule(post)).resolves.toBe('created');
    expect(sent).toEqual([createScheduleInput(post, config)]);
    answer = async () => {
      throw new ConflictException({
        Message: 'Schedule already exists.',
        message: 'Schedule already exists.',
        $metadata: {},
      });
    };
    await expect(scheduler.schedule(post)).resolves.toBe('exists');
    answer = async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    };
    await expect(scheduler.schedule(post)).rejects.toThrow('Rate exceeded');
  });
});
