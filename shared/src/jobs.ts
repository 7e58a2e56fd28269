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
  /** Seconds between local runs when shorter than the local cloud's job interval (time-critical jobs). */
  localIntervalSeconds?: number;
  summary: string;
}

/** The scheduled posts' publisher: the job each post's one-off schedule invokes (decision 20.1). */
export const POST_PUBLISHER_JOB = 'publish-due-posts';

export const jobs: readonly JobDefinition[] = [
  {
    id: 'sweep-unverified',
    schedule: 'rate(1 hour)',
    timeoutSeconds: 300,
    summary:
      'Deletes charity accounts still unverified after their 7 days (Cognito user, items, markers, media).',
  },
  {
    id: POST_PUBLISHER_JOB,
    // Each scheduled post has a one-off schedule invoking this job at its time (decision 20.1); this sweep is the
    // backstop (a schedule that could not be made): such a post goes out within 5 minutes of its time.
    schedule: 'rate(5 minutes)',
    timeoutSeconds: 120,
    summary:
      'Publishes a scheduled post at its time (its own schedule) and, every 5 minutes, any post still due; announces them.',
  },
  {
    id: 'send-weekly-digest',
    // Mondays, 08:00 UTC: last week's (Monday to Sunday) posts, to the followers who chose a weekly digest.
    schedule: 'cron(0 8 ? * MON *)',
    // Locally it runs on the jobs timer: each run queues the same week, whose mails are claimed once (20.13).
    summary:
      "Queues the weekly digest of last week's posts for the followers who chose one (each mail goes once).",
  },
  {
    id: 'rebuild-discovery-cards',
    // Daily after the register's refresh (its incomes, causes and removals), and a net under the table stream.
    schedule: 'cron(0 7 * * ? *)',
    timeoutSeconds: 900,
    summary:
      "Rebuilds every live charity's discovery card from its items and the register, and removes cards of charities no longer live.",
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
