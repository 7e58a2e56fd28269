import { POST_PUBLISHER_JOB } from '@shared/jobs';
import { createScheduleInput } from '../../lambdas/adapters/scheduler';
import { atInstant, checkCreateSchedule, SchedulerRefusal } from './scheduler-requests';
import { LOCAL_POST_PUBLISHER_ARN, LOCAL_POST_SCHEDULE_GROUP } from './settings';

const GROUP = LOCAL_POST_SCHEDULE_GROUP;
const config = {
  groupName: GROUP,
  targetArn: LOCAL_POST_PUBLISHER_ARN,
  roleArn: 'arn:aws:iam::000000000000:role/kindred-local-post-schedules',
};
const now = Date.parse('2025-07-15T17:00:00.000Z');
const post = { userId: 'user-1', postId: '0m5xk2q1z8a9b8c7d6e', scheduledFor: '2025-07-15T17:30:00.000Z' };
const request = () => {
  const { Name, ...body } = createScheduleInput(post, config);
  return { name: Name as string, body: JSON.parse(JSON.stringify(body)) as Record<string, unknown> };
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchedulerRefusal) return [error.type, error.status];
    throw error;
  }
  return undefined;
};

describe('the local Scheduler checks CreateSchedule as AWS does', () => {
  it("accepts the adapter's request: the publisher at the post's time, deleted after", () => {
    const { name, body } = request();
    expect(checkCreateSchedule(name, body, now, [GROUP])).toEqual({
      name,
      group: GROUP,
      expression: 'at(2025-07-15T17:30:00)',
      at: Date.parse(post.scheduledFor),
      // The local schedules invoke the publisher job (shared/src/jobs.ts) by name.
      functionName: POST_PUBLISHER_JOB,
      input: JSON.stringify({ scheduledPost: post }),
      enabled: true,
      deleteAfter: true,
    });
  });

  it('refuses a time in the past, a bad name, expression, zone, window, role or target, and an unknown group', () => {
    const { name, body } = request();
    const check =
      (n: string, b: Record<string, unknown>, at = now) =>
      () =>
        checkCreateSchedule(n, b, at, [GROUP]);
    const invalid = ['ValidationException', 400];
    expect(refusal(check(name, body, Date.parse(post.scheduledFor)))).toEqual(invalid);
    expect(refusal(check(`${name}/x`, body))).toEqual(invalid);
    expect(refusal(check('x'.repeat(65), body))).toEqual(invalid);
    expect(refusal(check(name, { ...body, ScheduleExpression: 'at(2025-02-30T10:00:00)' }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, ScheduleExpression: 'at(2025-07-15T17:30:00Z)' }))).toEqual(
      invalid,
    );
    expect(refusal(check(name, { ...body, ScheduleExpression: 'at(2025-07-15 17:30:00)' }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, ScheduleExpression: 'rate(5 minutes)' }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, ScheduleExpressionTimezone: 'Europe/London' }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, FlexibleTimeWindow: undefined }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, FlexibleTimeWindow: { Mode: 'FLEXIBLE' } }))).toEqual(invalid);
    expect(refusal(check(name, { ...body, ActionAfterCompletion: 'REMOVE' }))).toEqual(invalid);
    const target = body.Target as Record<string, unknown>;
    expect(refusal(check(name, { ...body, Target: { ...target, RoleArn: 'role' } }))).toEqual(invalid);
    expect(
      refusal(check(name, { ...body, Target: { ...target, Arn: 'arn:aws:sqs:eu-west-2:000000000000:q' } })),
    ).toEqual(invalid);
    expect(refusal(check(name, { ...body, Target: { ...target, Input: 'x'.repeat(8193) } }))).toEqual(
      invalid,
    );
    expect(
      refusal(check(name, { ...body, Target: { ...target, RetryPolicy: { MaximumEventAgeInSeconds: 30 } } })),
    ).toEqual(invalid);
    expect(refusal(check(name, { ...body, GroupName: 'another-group' }))).toEqual([
      'ResourceNotFoundException',
      404,
    ]);
  });

  it('reads an at() expression in UTC', () => {
    expect(atInstant('at(2025-10-26T01:30:00)')).toBe(Date.parse('2025-10-26T01:30:00.000Z'));
    expect(() => atInstant('at(2025-13-01T00:00:00)')).toThrow(SchedulerRefusal);
  });
});
