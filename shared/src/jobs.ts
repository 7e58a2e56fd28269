/**
 * The scheduled-job manifest: every job as data. Read by the CDK jobs stack (one function and one
 * EventBridge rule per job) and by the local cloud (which runs the same handlers on a timer). A job id is
 * also its handler folder (`lambdas/jobs/<id>/handler.ts`), its construct id and its log name.
 */
export interface JobDefinition {
  /** kebab-case id; the handler lives at `lambdas/jobs/<id>/handler.ts`. */
  id: string;
  /** EventBridge schedule expression, e.g. `rate(1 hour)` or `cron(0 3 * * ? *)`. */
  schedule: `rate(${string})` | `cron(${string})`;
  /** Seconds the function may run (default 60). */
  timeoutSeconds?: number;
  summary: string;
}

export const jobs: readonly JobDefinition[] = [];
