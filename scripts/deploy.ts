/**
 * `npm run deploy -- <stage> [cdk deploy options]`: checks `config/<stage>.json`, then, before changing
 * anything, the account, the bootstrap of both regions, the certificate, the stage's secrets, SES and the
 * Lambda concurrency quota (`infra/preflight`; a FAIL stops here, printing the command that fixes it), builds
 * the web app and deploys every stack of the stage (`cdk deploy --all`). `infra/runbook.test.ts` runs it
 * against a fake new account.
 * `--skip-preflight` skips the AWS checks (never for production: the deploy refuses).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../infra/paths';
import { awsPreflightPort } from '../infra/preflight/aws-port';
import { DEFAULT_QUALIFIER, formatFindings, runPreflight } from '../infra/preflight/checks';
import { loadStageConfig, runtimeEnvironmentName, type StageConfig } from '../infra/stage-config';

const [stage, ...rest] = process.argv.slice(2);
if (!stage || stage.startsWith('-')) {
  console.error(
    'Usage: npm run deploy -- <stage> [--skip-preflight] [cdk deploy options]   (config/<stage>.json)',
  );
  process.exit(2);
}
const skipPreflight = rest.includes('--skip-preflight');
const cdkArgs = rest.filter((a) => a !== '--skip-preflight');

let config: StageConfig;
try {
  config = loadStageConfig(stage);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

/** The bootstrap qualifier cdk.json names, or CDK's default. */
function qualifier(): string {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const value = cdkJson.context?.['@aws-cdk/core:bootstrapQualifier'];
  return typeof value === 'string' ? value : DEFAULT_QUALIFIER;
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

async function main(): Promise<void> {
  console.log(`Deploying stage ${stage}${config.production ? ' (production)' : ''} to ${config.region}.`);
  if (skipPreflight && config.production) {
    console.error('--skip-preflight is refused for a production stage.');
    process.exit(2);
  }
  if (!skipPreflight) {
    console.log('Preflight (nothing is changed):');
    const findings = await runPreflight(awsPreflightPort(), {
      stage: stage as string,
      config,
      qualifier: qualifier(),
    });
    const { text, failed } = formatFindings(findings);
    console.log(text);
    if (failed) {
      console.error('Preflight failed: nothing was deployed. Fix the FAIL lines above and run again.');
      process.exit(1);
    }
  }
  // The public pages are prerendered for this stage's environment name (its /config.json `environment`), so
  // the browser hydrates them (scripts/prerender-web.ts).
  process.env.WEB_PRERENDER_ENVIRONMENT = runtimeEnvironmentName(stage as string, config.production);
  run('npm', ['run', 'build:web']);
  run('npx', ['cdk', 'deploy', '--all', '-c', `stage=${stage}`, ...cdkArgs]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
