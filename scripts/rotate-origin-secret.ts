/**
 * `npm run rotate:origin-secret -- <stage>`: one rotation of the origin secret with no refused request
 * (`infra/origin-secret-rotation.ts`): a new secret version, then the Api stack (accepting both values), then
 * the Web stack (sending the new one), each deployed alone with the version as its `OriginHeaderRevision`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { type OriginSecretValue, rotateOriginSecret } from '../infra/origin-secret-rotation';
import { repoRoot, webDistDir } from '../infra/paths';
import { ORIGIN_SECRET_VERSION_PARAMETER } from '../infra/stacks/web-stack';
import { loadStageConfig } from '../infra/stage-config';

const stage = process.argv[2];
if (!stage || stage.startsWith('-')) {
  console.error('Usage: npm run rotate:origin-secret -- <stage>');
  process.exit(2);
}
const config = loadStageConfig(stage);
const prefix = `Kindred-${stage}`;
const client = new SecretsManagerClient({ region: config.region });

/** The secret's ARN, from the Web stack's output. */
function secretArn(): string {
  const out = execFileSync(
    'aws',
    [
      'cloudformation',
      'describe-stacks',
      '--stack-name',
      `${prefix}-Web`,
      '--region',
      config.region,
      '--query',
      "Stacks[0].Outputs[?OutputKey=='OriginSecretArn'].OutputValue",
      '--output',
      'text',
    ],
    { encoding: 'utf8' },
  ).trim();
  if (!out.startsWith('arn:'))
    throw new Error(`${prefix}-Web has no OriginSecretArn output: deploy it first`);
  return out;
}

function deploy(stack: string, version: string): void {
  const result = spawnSync(
    'npx',
    [
      'cdk',
      'deploy',
      '--exclusively',
      stack,
      '-c',
      `stage=${stage}`,
      '--require-approval',
      'never',
      '--parameters',
      `${stack}:${ORIGIN_SECRET_VERSION_PARAMETER}=${version}`,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    // Not the rotation again: that would drop the value CloudFront may still send. Finish this one instead.
    const finish = [`${prefix}-Api`, `${prefix}-Web`]
      .slice(stack.endsWith('-Api') ? 0 : 1)
      .map(
        (s) =>
          `npx cdk deploy --exclusively ${s} -c stage=${stage} --parameters ${s}:${ORIGIN_SECRET_VERSION_PARAMETER}=${version}`,
      );
    throw new Error(`cdk deploy ${stack} failed. Finish the rotation with:\n  ${finish.join('\n  ')}`);
  }
}

async function main(): Promise<void> {
  // The Web stack ships the site: deploy the same build (production refuses the placeholder page).
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` on the deployed commit first');
  }
  const arn = secretArn();
  const version = await rotateOriginSecret({
    async read() {
      const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      return JSON.parse(out.SecretString ?? '{}') as OriginSecretValue;
    },
    async write(value) {
      const out = await client.send(
        new PutSecretValueCommand({ SecretId: arn, SecretString: JSON.stringify(value) }),
      );
      if (!out.VersionId) throw new Error('Secrets Manager answered no version id');
      return out.VersionId;
    },
    deployFunctions: async (v) => deploy(`${prefix}-Api`, v),
    deployEdge: async (v) => deploy(`${prefix}-Web`, v),
    log: (line) => console.log(line),
  });
  console.log(`Rotated the origin secret of ${stage} (version ${version}).`);
}

main().catch((error) => {
  console.error((error as Error).message);
  process.exit(1);
});
