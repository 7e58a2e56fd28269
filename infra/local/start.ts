import './quiet-sdk';
import { startLocalCloud } from './cloud';
import { JavaMissingError } from './dynamodb';
import { settingsFromEnv } from './settings';

/** The longest a stop may take before the process exits anyway. */
const STOP_DEADLINE_MS = 4000;

/** `npm start`: runs the whole platform locally and prints where to find it. */
async function main() {
  const started = Date.now();
  const settings = settingsFromEnv();
  const cloud = await startLocalCloud(settings);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (process.env.LOCAL_READY_LINE === '1') {
    // Machine-readable line for the test harness.
    console.log(
      `LOCAL_CLOUD_READY ${JSON.stringify({ appUrl: cloud.appUrl, apiUrl: cloud.apiUrl, mailboxUrl: cloud.mailboxUrl, stripe: cloud.stripe, env: cloud.env, runtimeConfig: cloud.runtimeConfig, firstStart: cloud.firstStart })}`,
    );
  }
  const p = settings.ports;
  console.log(
    [
      '',
      `  Kindred is running locally (${cloud.firstStart ? 'first start, created' : 'reusing'} ${settings.stateDir}, ${seconds} s)`,
      '',
      `  App        ${cloud.appUrl}`,
      `  API        ${cloud.appUrl}/api/health   (direct, as execute-api: ${cloud.apiUrl}, answers 403)`,
      `  Mailbox    ${cloud.mailboxUrl}   (JSON: ${cloud.mailboxUrl}/store)`,
      `  Stripe     ${cloud.stripe.url}   (local stand-in: test cards 4242 4242 4242 4242, 4000 0000 0000 0002)`,
      '',
      `  DynamoDB   http://127.0.0.1:${p.dynamodb}   Cognito http://127.0.0.1:${p.cognito}   S3 http://127.0.0.1:${p.s3}   Lambda http://127.0.0.1:${p.lambda}`,
      '  Stop with Ctrl+C. `npm run reset` wipes the local state.',
      '',
    ].join('\n'),
  );
  // Ctrl+C (SIGINT to the whole process group), SIGTERM or a closed terminal: stop every stand-in and free
  // every port within a few seconds; a second signal, or a stop that hangs, exits at once (DynamoDB Local's
  // watchdog still stops Java when our pipe closes).
  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    await cloud.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
}

main().catch((error) => {
  if (error instanceof JavaMissingError) {
    console.error(`\n${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `\nA port the local cloud needs is taken: ${(error as Error).message}. Is another \`npm start\` running?\n`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
