import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunction, esbuildOptions } from '../../infra/constructs/function-bundling';

/**
 * `npm run bench -- cold-start`: synthesises the CDK app (every function bundled as it is deployed), then
 * imports each function's bundle in a fresh Node process several times and prints the median beside the
 * floor: a minimal bundle holding only the AWS SDK clients that function uses, built the same way
 * (`infra/constructs/function-bundling.ts`, code splitting included). The register-backed functions also
 * report the time to their first answer, index load included.
 *
 * Options (environment): COLD_START_RUNS (default 7), COLD_START_SKIP_SYNTH=1 (reuse the last synth),
 * COLD_START_ONLY=first-answer (only the register functions' first answers) or a comma-separated list of
 * function names (only those, first answers included when they are register functions).
 */
const ROOT = resolve(__dirname, '..', '..');
const WORK = join(ROOT, '.local', 'bench', 'cold-start');
const OUT = join(WORK, 'cdk.out');
const RUNS = Number(process.env.COLD_START_RUNS ?? 7);

/** SDK packages whose client a function may create, and how the floor creates it. */
const SDK_CLIENTS: Record<string, { imports: string; create: string }> = {
  'client-dynamodb': { imports: 'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";', create: '' },
  'lib-dynamodb': {
    imports: 'import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";',
    create: 'DynamoDBDocumentClient.from(new DynamoDBClient({}))',
  },
  'client-s3': { imports: 'import { S3Client } from "@aws-sdk/client-s3";', create: 'new S3Client({})' },
  's3-presigned-post': {
    imports: 'import { createPresignedPost } from "@aws-sdk/s3-presigned-post";',
    create: 'createPresignedPost',
  },
  'client-sesv2': {
    imports: 'import { SESv2Client } from "@aws-sdk/client-sesv2";',
    create: 'new SESv2Client({})',
  },
  'client-cognito-identity-provider': {
    imports: 'import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";',
    create: 'new CognitoIdentityProviderClient({})',
  },
  'client-secrets-manager': {
    imports: 'import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";',
    create: 'new SecretsManagerClient({})',
  },
};

interface FnProps {
  Environment?: { Variables?: Record<string, unknown> };
}

interface Fn {
  name: string;
  bundle: string;
  env: Record<string, string>;
  sdk: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

function synth(): void {
  if (process.env.COLD_START_SKIP_SYNTH && existsSync(OUT)) return;
  rmSync(OUT, { recursive: true, force: true });
  const t0 = performance.now();
  execFileSync('npx', ['cdk', 'synth', '--quiet', '-o', OUT], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`cdk synth: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Every Lambda function of the synthesised templates: its bundle, environment and SDK packages. */
function functions(): Fn[] {
  const found: Fn[] = [];
  for (const file of readdirSync(OUT).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(OUT, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string>; Properties?: FnProps }>;
    };
    for (const [logicalId, res] of Object.entries(template.Resources)) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const asset = res.Metadata?.['aws:asset:path'];
      if (!asset) continue;
      const dir = join(OUT, asset);
      // Ours are ESM bundles with a SERVICE_NAME; the CDK's own helper functions are left out.
      const bundle = join(dir, 'index.mjs');
      const vars = res.Properties?.Environment?.Variables ?? {};
      if (!existsSync(bundle) || !vars.SERVICE_NAME) continue;
      const env: Record<string, string> = {};
      // Values CloudFormation resolves at deploy time become plausible placeholders.
      for (const [k, v] of Object.entries(vars)) env[k] = typeof v === 'string' ? v : placeholder(k);
      // Every file of the bundle (index.mjs and its chunks, lazy ones included): the clients the function uses.
      const sources = mapsUnder(dir).flatMap(
        (map) => JSON.parse(readFileSync(map, 'utf8')).sources as string[],
      );
      const sdk = Object.keys(SDK_CLIENTS).filter((p) => sources.some((s) => s.includes(`@aws-sdk/${p}/`)));
      if (sdk.includes('lib-dynamodb') && !sdk.includes('client-dynamodb')) sdk.unshift('client-dynamodb');
      found.push({ name: env.SERVICE_NAME ?? logicalId, bundle, env, sdk });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Bytes Node parses at the import: index.mjs and the chunks it imports statically (not the lazy ones). */
function startBytes(file: string, seen = new Set<string>()): number {
  if (seen.has(file)) return 0;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  let bytes = Buffer.byteLength(code);
  for (const [, rel] of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+from\s*)?"(\.\/[^"]+)"/g))
    bytes += startBytes(join(dirname(file), rel as string), seen);
  return bytes;
}

/** Bytes of every .mjs of the bundle, lazy chunks included. */
function allBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mjs'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

function mapsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mjs.map'))
    .map((f) => join(dir, f));
}

function placeholder(name: string): string {
  if (/URL$/.test(name)) return 'https://example.org';
  if (/SENDER|EMAIL/.test(name)) return 'no-reply@example.org';
  if (/USER_POOL_ID/.test(name)) return 'eu-west-2_Bench0001';
  if (/ARN$/.test(name)) return 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:bench';
  return `bench-${name.toLowerCase()}`;
}

/** The floor: bundled as AppFunction bundles, and only the clients. */
async function floorBundle(sdk: string[]): Promise<string> {
  // Rebuilt when the bundling options change.
  const options = createHash('sha256').update(JSON.stringify(esbuildOptions)).digest('hex').slice(0, 8);
  const dir = join(WORK, `floor-${options}`, sdk.join('+') || 'none');
  const file = join(dir, 'index.mjs');
  if (existsSync(file)) return file;
  mkdirSync(join(dir, 'src'), { recursive: true });
  const creates = sdk.map((p) => SDK_CLIENTS[p]?.create).filter(Boolean);
  const source = `${sdk.map((p) => SDK_CLIENTS[p]?.imports).join('\n')}\nglobalThis.__floor = [${creates.join(', ')}];\nexport const handler = async () => ({ statusCode: 200 });\n`;
  const entry = join(dir, 'src', 'entry.mjs');
  writeFileSync(entry, source);
  bundleFunction(entry, dir);
  return file;
}

/**
 * Milliseconds to import the module in a fresh process (medians of RUNS), with the function's NODE_OPTIONS:
 * wall clock, and CPU time of the process during the import (steadier on a shared machine).
 */
function importMs(file: string, env: Record<string, string>): { wall: number; cpu: number } {
  const code = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000])); process.exit(0);`;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: WORK,
      env: { PATH: process.env.PATH, ...baseEnv(), ...env },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
    const [w, c] = JSON.parse(run.stdout) as [number, number];
    wall.push(w);
    cpu.push(c);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

function baseEnv(): Record<string, string> {
  return {
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    // Nothing is reachable: a function that calls AWS at load fails fast instead of waiting.
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    AWS_MAX_ATTEMPTS: '1',
    LOG_LEVEL: 'ERROR',
  };
}

export async function benchColdStart(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  synth();
  const only = process.env.COLD_START_ONLY?.split(',').filter(Boolean);
  const fns = functions().filter((f) => !only || only.includes('first-answer') || only.includes(f.name));
  const { benchFirstAnswer } = await import('./cold-start-first-answer');
  if (only?.includes('first-answer')) return benchFirstAnswer(fns, RUNS, baseEnv());
  console.log(
    `${fns.length} functions; import of the bundle in a fresh process, median of ${RUNS} (NODE_OPTIONS as deployed); start KB: index.mjs and the chunks it imports statically, all KB: lazy chunks included:`,
  );
  console.log(
    `${'function'.padEnd(30)} ${'start KB'.padStart(8)} ${'all KB'.padStart(6)} ${'wall ms'.padStart(8)} ${'floor'.padStart(6)} ${'ratio'.padStart(5)} ${'cpu ms'.padStart(7)} ${'floor'.padStart(6)} ${'ratio'.padStart(5)}  floor clients`,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (const fn of fns) {
    const startKb = startBytes(fn.bundle) / 1024;
    const allKb = allBytes(dirname(fn.bundle)) / 1024;
    const ms = importMs(fn.bundle, fn.env);
    const floor = importMs(await floorBundle(fn.sdk), {});
    ratios.push(ms.wall / floor.wall);
    cpuRatios.push(ms.cpu / floor.cpu);
    console.log(
      `${fn.name.padEnd(30)} ${startKb.toFixed(0).padStart(8)} ${allKb.toFixed(0).padStart(6)} ${ms.wall.toFixed(1).padStart(8)} ${floor.wall.toFixed(1).padStart(6)} ${(ms.wall / floor.wall).toFixed(2).padStart(5)} ${ms.cpu.toFixed(1).padStart(7)} ${floor.cpu.toFixed(1).padStart(6)} ${(ms.cpu / floor.cpu).toFixed(2).padStart(5)}  ${fn.sdk.join(', ') || '(none)'}`,
    );
  }
  const health = fns.findIndex((f) => f.name === 'health');
  console.log(
    `Ratio to floor, wall: median ${median(ratios).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)}; CPU: median ${median(cpuRatios).toFixed(2)}, worst ${Math.max(...cpuRatios).toFixed(2)} (goal every function <= 1.3; health under 20 ms).`,
  );
  if (health >= 0)
    console.log(`health: ratio ${ratios[health]?.toFixed(2)} wall, ${cpuRatios[health]?.toFixed(2)} CPU.`);
  await benchFirstAnswer(fns, RUNS, baseEnv());
}

export type { Fn as ColdStartFunction };

if (require.main === module) {
  benchColdStart().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
