/**
 * What the local EventBridge Scheduler accepts of a CreateSchedule request (`infra/local/scheduler.ts`): AWS's own
 * limits (names, lengths, the `at()` form, the flexible window, the retry policy, a role and a target ARN), and
 * a time in the past refused as AWS refuses it. Stricter where the stand-in does less: only `at()` schedules in
 * UTC, targeting a Lambda function of this cloud.
 */

/** A schedule as the stand-in keeps it. */
export interface LocalSchedule {
  name: string;
  group: string;
  expression: string;
  /** When it is due (ms). */
  at: number;
  /** The function the target ARN names. */
  functionName: string;
  input: string;
  enabled: boolean;
  deleteAfter: boolean;
  /** When each delivery goes (ms): one, or more when unruly. */
  deliveries: number[];
}

/** A refusal in Scheduler's words: the error type (`x-amzn-errortype`), its HTTP status and message. */
export class SchedulerRefusal extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const ROLE_ARN = /^arn:aws(-[a-z]+)*:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const LAMBDA_ARN = /^arn:aws(-[a-z]+)*:lambda:[a-z0-9-]+:\d{12}:function:([a-zA-Z0-9-_]{1,64})$/;

const invalid = (message: string) => new SchedulerRefusal('ValidationException', 400, message);

function text(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string' || value.length < min || value.length > max)
    throw invalid(`Invalid ${field}: a string of ${min} to ${max} characters is required.`);
  return value;
}

function intIn(value: unknown, field: string, min: number, max: number): void {
  if (value !== undefined && (!Number.isInteger(value) || (value as number) < min || (value as number) > max))
    throw invalid(`Invalid ${field}: a whole number from ${min} to ${max} is required.`);
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw invalid(`Invalid ${field}: one of ${allowed.join(', ')}.`);
  return value as T;
}

/** The instant of an `at(yyyy-mm-ddThh:mm:ss)` expression in UTC; a refusal for any other form or a date that is not. */
export function atInstant(expression: string): number {
  const m = AT.exec(expression);
  if (!m) {
    if (/^(rate|cron)\(/.test(expression))
      throw invalid('The local Scheduler runs one-time at() schedules only.');
    throw invalid(`Invalid Schedule Expression ${expression}.`);
  }
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z`;
  const at = Date.parse(iso);
  // Date.parse rolls 2025-02-30 over to March: a date that does not read back is not a date.
  if (Number.isNaN(at) || new Date(at).toISOString() !== iso)
    throw invalid(`Invalid Schedule Expression ${expression}.`);
  return at;
}

/** Checks a CreateSchedule request (`POST /schedules/{Name}`) as Scheduler does; the schedule to keep. */
export function checkCreateSchedule(
  name: string,
  body: Record<string, unknown>,
  now: number,
  groups: readonly string[],
): Omit<LocalSchedule, 'deliveries'> {
  if (!NAME.test(name)) throw invalid('Invalid Name: 1 to 64 of [0-9a-zA-Z-_.].');
  const group = body.GroupName === undefined ? 'default' : text(body.GroupName, 'GroupName', 1, 64);
  if (!NAME.test(group)) throw invalid('Invalid GroupName: 1 to 64 of [0-9a-zA-Z-_.].');
  if (body.Description !== undefined) text(body.Description, 'Description', 0, 512);
  if (body.ClientToken !== undefined) text(body.ClientToken, 'ClientToken', 1, 64);
  const expression = text(body.ScheduleExpression, 'ScheduleExpression', 1, 256);
  const zone = body.ScheduleExpressionTimezone;
  if (zone !== undefined) text(zone, 'ScheduleExpressionTimezone', 1, 50);
  if (zone !== undefined && zone !== 'UTC')
    throw invalid('The local Scheduler evaluates schedules in UTC only: set ScheduleExpressionTimezone UTC.');
  const window = body.FlexibleTimeWindow as { Mode?: unknown; MaximumWindowInMinutes?: unknown } | undefined;
  if (!window || typeof window !== 'object') throw invalid('FlexibleTimeWindow is required.');
  const mode = oneOf(window.Mode, 'FlexibleTimeWindow.Mode', ['OFF', 'FLEXIBLE'], 'OFF' as const);
  if (window.Mode === undefined) throw invalid('FlexibleTimeWindow.Mode is required.');
  if (mode === 'FLEXIBLE') intIn(window.MaximumWindowInMinutes ?? 0, 'MaximumWindowInMinutes', 1, 1440);
  else if (window.MaximumWindowInMinutes !== undefined)
    throw invalid('MaximumWindowInMinutes is only for a FLEXIBLE time window.');
  const state = oneOf(body.State, 'State', ['ENABLED', 'DISABLED'], 'ENABLED');
  const after = oneOf(body.ActionAfterCompletion, 'ActionAfterCompletion', ['NONE', 'DELETE'], 'NONE');
  const target = body.Target as Record<string, unknown> | undefined;
  if (!target || typeof target !== 'object') throw invalid('Target is required.');
  const arn = text(target.Arn, 'Target.Arn', 1, 1600);
  if (!ROLE_ARN.test(text(target.RoleArn, 'Target.RoleArn', 1, 1600)))
    throw invalid('Invalid Target.RoleArn: the ARN of an IAM role.');
  const input = target.Input === undefined ? '{}' : text(target.Input, 'Target.Input', 1, 8192);
  const retry = target.RetryPolicy as Record<string, unknown> | undefined;
  if (retry !== undefined) {
    intIn(retry.MaximumEventAgeInSeconds, 'RetryPolicy.MaximumEventAgeInSeconds', 60, 86_400);
    intIn(retry.MaximumRetryAttempts, 'RetryPolicy.MaximumRetryAttempts', 0, 185);
  }
  const fn = LAMBDA_ARN.exec(arn);
  if (!fn) throw invalid('The local Scheduler invokes Lambda functions only: Target.Arn is a function ARN.');
  const at = atInstant(expression);
  // AWS refuses a one-time schedule whose time has passed.
  if (at <= now) throw invalid(`The schedule's time ${expression} is in the past.`);
  if (!groups.includes(group))
    throw new SchedulerRefusal('ResourceNotFoundException', 404, `Schedule group ${group} does not exist.`);
  return {
    name,
    group,
    expression,
    at,
    functionName: fn[2] as string,
    input,
    enabled: state === 'ENABLED',
    deleteAfter: after === 'DELETE',
  };
}
