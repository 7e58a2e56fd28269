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
  /** Memory of the function in MB (default 512). */
  memoryMb?: number;
  /** Size of `/tmp` in MB (default 512, Lambda's minimum). */
  ephemeralStorageMb?: number;
  /**
   * Whether the local cloud runs it on its timer (default true). Jobs that fetch from the internet do not;
   * they can still be invoked through the local Lambda endpoint.
   */
  runLocally?: boolean;
  summary: string;
}

export const jobs: readonly JobDefinition[] = [
  {
    id: 'sweep-unverified',
    schedule: 'rate(1 hour)',
    timeoutSeconds: 300,
    summary:
      'Deletes charity accounts still unverified after their 7 days (Cognito user, items, markers, media).',
  },
  {
    id: 'refresh-register',
    // The Commission regenerates the extract daily, early in the morning.
    schedule: 'cron(30 6 * * ? *)',
    timeoutSeconds: 900,
    memoryMb: 3008,
    ephemeralStorageMb: 4096,
    runLocally: false,
    summary: "Downloads the Charity Commission's daily extract and publishes a new register index to S3.",
  },
];
