/**
 * `npm run deploy -- <stage> [cdk deploy options]`: checks `config/<stage>.json`, builds the web app, then
 * deploys every stack of the stage (`cdk deploy --all -c stage=<stage>`).
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../infra/paths';
import { loadStageConfig, runtimeEnvironmentName } from '../infra/stage-config';

const [stage, ...cdkArgs] = process.argv.slice(2);
if (!stage || stage.startsWith('-')) {
  console.error(
    'Usage: npm run deploy -- <stage> [cdk deploy options]   (the stage names config/<stage>.json)',
  );
  process.exit(2);
}
try {
  const config = loadStageConfig(stage);
  console.log(`Deploying stage ${stage}${config.production ? ' (production)' : ''} to ${config.region}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// The public pages are prerendered for this stage's environment name (its /config.json `environment`), so
// the browser hydrates them (scripts/prerender-web.ts).
process.env.WEB_PRERENDER_ENVIRONMENT = runtimeEnvironmentName(stage, loadStageConfig(stage).production);
run('npm', ['run', 'build:web']);
run('npx', ['cdk', 'deploy', '--all', '-c', `stage=${stage}`, ...cdkArgs]);
