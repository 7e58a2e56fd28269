import * as path from 'node:path';

/** Root of the repository (where package.json and package-lock.json live). */
export const repoRoot = path.resolve(__dirname, '..');

/** Folder of the HTTP function handlers: `<id>/handler.ts` per route. */
export const functionsDir = path.join(repoRoot, 'lambdas', 'functions');

/** Folder of the scheduled job handlers: `<id>/handler.ts` per job. */
export const jobsDir = path.join(repoRoot, 'lambdas', 'jobs');

/** The `handler.ts` of a function outside the route and job manifests, e.g. `lambdas/triggers/<name>/`. */
const handlerEntry = (folder: string, name: string): string =>
  path.join(repoRoot, 'lambdas', folder, name, 'handler.ts');

/** The pre-token-generation trigger. */
export const preTokenGenerationEntry = handlerEntry('triggers', 'pre-token-generation');

/** Writes the reference data (page templates) into the table; run by a CDK trigger after a deploy. */
export const seedDataEntry = handlerEntry('deploy', 'seed-data');

/** The digests of the origin secret the route functions compare with (a custom resource of the API stack). */
export const originDigestsEntry = handlerEntry('deploy', 'origin-digests');

/** Output of `npm run build:web`. */
export const webDistDir = path.join(repoRoot, 'web', 'dist');

/** Page deployed instead of the SPA when `web/dist` has not been built (so synth works without a build). */
export const placeholderSiteDir = path.join(repoRoot, 'infra', 'placeholder-site');

/** Records SES bounces and complaints (EventBridge events of the configuration set) as suppressions. */
export const mailSuppressionEntry = handlerEntry('events', 'record-mail-suppression');

/** Sends the follow-mail queue's jobs (the SQS consumer, issue 44). */
export const followMailEntry = handlerEntry('events', 'send-follow-mail');
/** The table stream's consumer that rebuilds discovery cards (issue 45). */
export const discoveryCardEntry = handlerEntry('events', 'refresh-discovery-card');
