import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname } from 'node:path';
import type { JobDefinition } from '@shared/jobs';
import { close, listen, readBody, sendJson } from './http';
import { checkCreateSchedule, type LocalSchedule, SchedulerRefusal } from './scheduler-requests';

/**
 * The local cloud's own timer (decision 20.1): the scheduled jobs' timers (EventBridge rules in AWS) and a local
 * EventBridge Scheduler for one-off schedules. The Scheduler speaks CreateSchedule (`POST /schedules/{Name}`, what
 * `lambdas/adapters/scheduler.ts` calls), checked as AWS checks it (`scheduler-requests.ts`), and invokes the
 * target function with the schedule's input at its time, as an asynchronous invocation: a failure is retried
 * once, then logged. Schedules are kept in the state directory, so a restart still fires them (late).
 * At least as unruly as Scheduler when asked (`LOCAL_SCHEDULER_UNRULY`, or `POST /_local/scheduler/unruly` with
 * JSON): `late` (fires up to 5 s after its time), `duplicates` (fires twice: delivery is at least once), `down`
 * (CreateSchedule answers 500). `GET /_local/scheduler` answers the schedules waiting and the deliveries made.
 */
export interface SchedulerUnruly {
  late: boolean;
  duplicates: boolean;
  down: boolean;
}

export const CALM_SCHEDULER: SchedulerUnruly = { late: false, duplicates: false, down: false };

export function schedulerUnrulyFrom(text: string | undefined): SchedulerUnruly {
  const out = { ...CALM_SCHEDULER };
  for (const name of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(name in CALM_SCHEDULER)) throw new Error(`LOCAL_SCHEDULER_UNRULY: unknown switch ${name}`);
    out[name as keyof SchedulerUnruly] = true;
  }
  return out;
}

/** Invokes a function of this cloud by name (the Lambda endpoint's functions). */
export type Invoke = (functionName: string, event: unknown) => Promise<unknown>;

const LATE_MS = 5000;
const RETRY_MS = 1000;

export async function startScheduler(opts: {
  port: number;
  /** The schedule groups that exist (the stacks make them in AWS). */
  groups: readonly string[];
  /** Where the waiting schedules are kept across restarts. */
  stateFile: string;
  invoke: Invoke;
  unruly?: SchedulerUnruly;
  region: string;
}) {
  const defaults = opts.unruly ?? CALM_SCHEDULER;
  let unruly = { ...defaults };
  const schedules = new Map<string, LocalSchedule>(
    existsSync(opts.stateFile)
      ? (JSON.parse(readFileSync(opts.stateFile, 'utf8')) as LocalSchedule[]).map((s) => [
          `${s.group}/${s.name}`,
          s,
        ])
      : [],
  );
  const fired: Record<string, number> = {};
  const failed: Record<string, number> = {};
  const save = () => {
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(opts.stateFile, JSON.stringify([...schedules.values()]));
  };

  const deliver = async (s: LocalSchedule) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await opts.invoke(s.functionName, JSON.parse(s.input));
        fired[s.name] = (fired[s.name] ?? 0) + 1;
        return;
      } catch (error) {
        if (attempt >= 1) {
          failed[s.name] = (failed[s.name] ?? 0) + 1;
          console.error(`[scheduler] ${s.group}/${s.name} failed:`, error);
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  };

  const tick = setInterval(() => {
    const now = Date.now();
    let changed = false;
    for (const [key, s] of schedules) {
      if (!s.enabled) continue;
      const due = s.deliveries.filter((t) => t <= now);
      if (due.length === 0) continue;
      s.deliveries = s.deliveries.filter((t) => t > now);
      for (const _ of due) void deliver(s);
      if (s.deliveries.length === 0) {
        // A one-time schedule is done: deleted (ActionAfterCompletion DELETE) or kept, never fired again.
        if (s.deleteAfter) schedules.delete(key);
        else s.enabled = false;
      }
      changed = true;
    }
    if (changed) save();
  }, 100);
  tick.unref();

  const create = (name: string, body: Record<string, unknown>) => {
    if (unruly.down) throw new SchedulerRefusal('InternalServerException', 500, 'Unexpected server error.');
    const s = checkCreateSchedule(name, body, Date.now(), opts.groups);
    const key = `${s.group}/${s.name}`;
    if (schedules.has(key))
      throw new SchedulerRefusal('ConflictException', 409, `Schedule ${s.name} already exists.`);
    const first = s.at + (unruly.late ? Math.floor(Math.random() * LATE_MS) : 0);
    const deliveries = unruly.duplicates ? [first, first + 200 + Math.floor(Math.random() * 800)] : [first];
    schedules.set(key, { ...s, deliveries });
    save();
    return { ScheduleArn: `arn:aws:scheduler:${opts.region}:000000000000:schedule/${s.group}/${s.name}` };
  };

  const server = http.createServer(async (req, res) => {
    const body = (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0);
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (req.method === 'GET' && path === '/_local/scheduler') {
      const waiting = [...schedules.values()].map(({ name, group, expression, enabled }) => ({
        name,
        group,
        expression,
        enabled,
      }));
      return sendJson(res, 200, { schedules: waiting, fired, failed, unruly });
    }
    if (req.method === 'POST' && path === '/_local/scheduler/unruly') {
      try {
        unruly = { ...defaults, ...(body.length ? (JSON.parse(body.toString('utf8')) as object) : {}) };
        return sendJson(res, 200, unruly);
      } catch {
        return sendJson(res, 400, { message: 'JSON of the switches, please' });
      }
    }
    const match = /^\/schedules\/([^/]+)$/.exec(path);
    if (req.method !== 'POST' || !match) {
      return sendJson(
        res,
        400,
        { Message: `Unsupported: ${req.method} ${path}` },
        {
          'x-amzn-errortype': 'ValidationException',
        },
      );
    }
    try {
      const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      sendJson(res, 200, create(decodeURIComponent(match[1] as string), input));
    } catch (error) {
      const refusal =
        error instanceof SchedulerRefusal
          ? error
          : new SchedulerRefusal('ValidationException', 400, 'The request body is not JSON.');
      sendJson(
        res,
        refusal.status,
        { Message: refusal.message, message: refusal.message },
        {
          'x-amzn-errortype': refusal.type,
        },
      );
    }
  });
  await listen(server, opts.port);
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: async () => {
      clearInterval(tick);
      await close(server);
    },
  };
}

/**
 * The scheduled jobs on a timer (EventBridge rules in AWS), running the same handlers: every `intervalSeconds`,
 * or a job's own `localIntervalSeconds` when shorter. Stops with the returned function.
 */
export function startJobTimers(
  jobs: readonly JobDefinition[],
  intervalSeconds: number,
  invoke: Invoke,
): () => Promise<void> {
  if (intervalSeconds <= 0) return async () => undefined;
  const timers = jobs
    .filter((j) => j.runLocally !== false)
    .map((job) => {
      const every = Math.min(job.localIntervalSeconds ?? intervalSeconds, intervalSeconds);
      const timer = setInterval(() => {
        invoke(job.id, {
          source: 'local.scheduler',
          'detail-type': 'Scheduled Event',
          time: new Date().toISOString(),
        }).catch((error) => console.error(`[jobs] ${job.id} failed:`, error));
      }, every * 1000);
      timer.unref();
      return timer;
    });
  return async () => {
    for (const timer of timers) clearInterval(timer);
  };
}
